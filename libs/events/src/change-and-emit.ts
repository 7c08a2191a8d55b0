import type { EntityManager } from 'typeorm';
import type { EventType } from './event-types';
import type { EmitEvent, EventsWriter } from './events.writer';

/** Whatever runs work in one transaction (every repository's `transaction`, or `Sql` itself). */
export interface Transactional {
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R>;
}

/**
 * The transaction-then-event pattern of the management writes (create, rotate, delete of apps, public tokens
 * and webhook endpoints; installs): `change` runs in one transaction, and when it changed something — not
 * `undefined` (no such row in the caller's store) nor `false` (nothing deleted) — its event is written in
 * the same transaction, so both commit or neither does, and nothing is emitted for a change that did not
 * happen. Answers what `change` did, or undefined when it did nothing (the caller's 404).
 */
export async function changeAndEmit<R, T extends EventType>(
  events: Pick<EventsWriter, 'emit'>,
  db: Transactional,
  change: (tx: EntityManager) => Promise<R | undefined | false>,
  event: (changed: R) => EmitEvent<T>,
): Promise<R | undefined> {
  return db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed === undefined || changed === false) return undefined;
    await events.emit(tx, event(changed));
    return changed;
  });
}
