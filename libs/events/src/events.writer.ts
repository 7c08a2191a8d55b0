import { Inject, Injectable } from '@nestjs/common';
import type { Caller } from '@app/core';
import type { EntityManager } from 'typeorm';
import type { EventActorModel, EventModel } from './dto/event.model';
import type { EventData, EventType } from './event-types';
import { toEventModel } from './event.mapper';
import { APP_NAMES, EVENT_SINKS, PUBLIC_TOKEN_NAMES } from './events.ports';
import type { AppNames, EventSink, PublicTokenNames } from './events.ports';
import { EventsRepository } from './events.repository';

/** Changes made by the platform itself (none yet: a future expiry or a background job). */
export const SYSTEM_ACTOR = 'system' as const;

/** One change's event; `data` must be what EVENT_DATA (event-types.ts) says its `type` carries. */
export interface EmitEvent<T extends EventType = EventType> {
  storeId: string;
  type: T;
  /** Who made the change: the request's caller, or SYSTEM_ACTOR. */
  caller: Caller | typeof SYSTEM_ACTOR;
  /** The resource as the API shows it (the route's own mapper), without secrets; `{ id }` for a deletion. */
  data: EventData<T>;
}

/**
 * The transactional outbox: every context's write path calls emit() with the manager of the transaction
 * that makes the change, so the event commits with the change or not at all — a rolled-back change
 * (out of stock, a refused stage, a taken handle) leaves no event. Called outside a transaction it
 * throws: an event written beside its change, not with it, could outlive a rollback.
 */
@Injectable()
export class EventsWriter {
  constructor(
    private readonly events: EventsRepository,
    @Inject(APP_NAMES) private readonly apps: AppNames,
    @Inject(PUBLIC_TOKEN_NAMES) private readonly publicTokens: PublicTokenNames,
    @Inject(EVENT_SINKS) private readonly sinks: EventSink[],
  ) {}

  async emit<T extends EventType>(tx: EntityManager, event: EmitEvent<T>): Promise<EventModel> {
    if (!tx.queryRunner?.isTransactionActive) {
      throw new Error(`EventsWriter.emit(${event.type}) needs the change's transaction`);
    }
    const actor = await this.actorOf(tx, event.caller);
    const row = await this.events.insert(tx, {
      storeId: event.storeId,
      type: event.type,
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      data: event.data,
    });
    const model = toEventModel(row);
    // The seam for webhook delivery: jobs enqueued here share the change's transaction (events.ports.ts).
    for (const sink of this.sinks) await sink.afterEmit(tx, model);
    return model;
  }

  /**
   * An account is named by id only (name null): it is a member of the store (whose e-mail the members
   * list gives those who may read it), and its e-mail address would otherwise travel in every webhook
   * body to third-party endpoints (docs/events.md). An app is
   * named as it is now, a snapshot that outlives the app; so is a public token (v1.3: a shopper's
   * checkout through it places an order, contract §15).
   */
  private async actorOf(tx: EntityManager, caller: EmitEvent['caller']): Promise<EventActorModel> {
    if (caller === SYSTEM_ACTOR) return { type: 'system', id: null, name: null };
    switch (caller.kind) {
      case 'account':
        return { type: 'account', id: caller.accountId, name: null };
      case 'app':
        return { type: 'app', id: caller.appId, name: await this.apps.appName(tx, caller.appId) };
      case 'public':
        return {
          type: 'public_token',
          id: caller.tokenId,
          name: await this.publicTokens.publicTokenName(tx, caller.tokenId),
        };
    }
  }
}
