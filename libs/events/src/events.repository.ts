import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { cursorTimestampSql, EventCursorKey } from './event-cursor';

export interface EventRow {
  id: string;
  store_id: string;
  type: string;
  actor_type: 'account' | 'app' | 'public_token' | 'system';
  actor_id: string | null;
  actor_name: string | null;
  data: Record<string, unknown>;
  created_at: Date;
  cursor_ts: string;
}

const COLUMNS = `e.id, e.store_id, e.type, e.actor_type, e.actor_id, e.actor_name, e.data, e.created_at,
  ${cursorTimestampSql('e.created_at')} AS cursor_ts`;

// Four fixed shapes (with/without a type, with/without a cursor) rather than "$n IS NULL OR …", so each
// plan is a seek on ix_events_store_created or ix_events_store_type_created, read in index order.
const LIST_SQL = (withType: boolean, withCursor: boolean) => {
  let n = 1;
  const where = ['e.store_id = $1'];
  if (withType) where.push(`e.type = $${++n}`);
  if (withCursor) where.push(`(e.created_at, e.id) < ($${++n}::timestamptz, $${++n}::uuid)`);
  return `SELECT ${COLUMNS} FROM events e WHERE ${where.join(' AND ')}
    ORDER BY e.created_at DESC, e.id DESC LIMIT $${++n}`;
};

/** The `events` table. Reads are by store (the route's access rule let the caller in); writes only inside a transaction. */
@Injectable()
export class EventsRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts one event in the caller's transaction; created_at is the transaction's now(). */
  async insert(
    tx: EntityManager,
    event: {
      storeId: string;
      type: string;
      actorType: EventRow['actor_type'];
      actorId: string | null;
      actorName: string | null;
      data: object;
    },
  ): Promise<EventRow> {
    const row = await this.sql.one<EventRow>(
      {
        name: 'events_insert',
        text: `INSERT INTO events AS e (store_id, type, actor_type, actor_id, actor_name, data)
               VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING ${COLUMNS}`,
        values: [
          event.storeId,
          event.type,
          event.actorType,
          event.actorId,
          event.actorName,
          JSON.stringify(event.data),
        ],
      },
      tx,
    );
    return row as EventRow;
  }

  /** One page of the store's events, newest first, older than the cursor when given. */
  page(
    storeId: string,
    options: { type: string | null; after: EventCursorKey | null; limit: number },
  ): Promise<EventRow[]> {
    const values: unknown[] = [storeId];
    if (options.type) values.push(options.type);
    if (options.after) values.push(options.after.createdAt, options.after.id);
    values.push(options.limit);
    return this.sql.rows<EventRow>({ text: LIST_SQL(!!options.type, !!options.after), values });
  }
}
