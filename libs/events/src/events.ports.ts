import type { EntityManager } from 'typeorm';
import type { EventModel } from './dto/event.model';

/**
 * What the events context needs from contexts that import it (they emit through EventsWriter, so it
 * cannot import them back): implemented there, wired in the composition root (EventsModule.forRoot).
 */

/** An app's current name, read inside the emitting transaction (the actor's name is a snapshot). */
export interface AppNames {
  appName(tx: EntityManager, appId: string): Promise<string | null>;
}
export const APP_NAMES = Symbol('APP_NAMES');

/** (v1.3) A public token's current name, for the actor of a checkout's `order.created` (contract §15). */
export interface PublicTokenNames {
  publicTokenName(tx: EntityManager, tokenId: string): Promise<string | null>;
}
export const PUBLIC_TOKEN_NAMES = Symbol('PUBLIC_TOKEN_NAMES');

/**
 * The seam for work an event causes (webhook delivery): each sink runs in the SAME transaction as the
 * change and its event, right after the event row is written — so a job enqueued here (graphile-worker's
 * `graphile_worker.add_job(…)` SQL function, a pg-boss `send` on this connection, or a deliveries row per
 * subscribed endpoint) commits or rolls back with the change. A sink must use `tx` for every statement
 * (the embedded database has a single connection) and do nothing slow: it holds the change's locks.
 */
export interface EventSink {
  afterEmit(tx: EntityManager, event: EventModel): Promise<void>;
}
export const EVENT_SINKS = Symbol('EVENT_SINKS');
