import { Injectable } from '@nestjs/common';
import { cursorTimestampSql } from '@app/core';
import { Sql } from '@app/database';
import { EXISTING_STORE, qualifiedColumns, type StoreChildTable } from '@app/stores';
import type { EntityManager } from 'typeorm';

export interface EndpointRow {
  id: string;
  store_id: string;
  created_by: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: 'gone' | 'failing' | 'manual' | null;
  secret_hint: string;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  next_attempt_at: Date | null;
  created_at: Date;
  cursor_ts: string;
  attempts: { at: string; statusCode: number | null; error: string | null; durationMs: number }[];
}

const ENDPOINTS: StoreChildTable = {
  table: 'webhook_endpoints',
  alias: 'w',
  columns:
    'id, store_id, created_by, url, events, description, enabled, disabled_reason, secret_hint, created_at',
};
const ENDPOINT_COLUMNS = qualifiedColumns(ENDPOINTS);

/** Keyset cursor text of a delivery's created_at (UTC, microseconds). */
const CURSOR_TS = cursorTimestampSql('d.created_at');

const DELIVERY_SELECT = `SELECT d.id, d.event_id, d.event_type, d.status, d.next_attempt_at, d.created_at,
    ${CURSOR_TS} AS cursor_ts,
    COALESCE((SELECT json_agg(json_build_object('at', a.at, 'statusCode', a.status_code, 'error', a.error,
                                                'durationMs', a.duration_ms) ORDER BY a.at, a.id)
                FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
  FROM webhook_deliveries d`;

/**
 * The webhook tables as the routes and the events sink use them (the attempts' side of the deliveries is
 * DeliveryQueueRepository's). Every statement a request makes is scoped by the store the route's access
 * rule decided, so another store's endpoints answer exactly like missing ones.
 */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly sql: Sql) {}

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /**
   * Locks the store's endpoint list for this transaction (a transaction-scoped advisory lock on the store
   * id, so two creations cannot both see 19 and make 21) and counts it; null when the store is gone.
   */
  async lockAndCount(tx: EntityManager, storeId: string): Promise<number | null> {
    const row = await this.sql.one<{ count: string }>(
      {
        text: `SELECT (SELECT count(*) FROM webhook_endpoints w WHERE w.store_id = s.id AND w.app_id IS NULL) AS count
                 FROM ${EXISTING_STORE('$1')} s,
                      LATERAL (SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || s.id, 0))) l`,
        values: [storeId],
      },
      tx,
    );
    return row ? Number(row.count) : null;
  }

  async insert(
    tx: EntityManager,
    endpoint: {
      id: string;
      storeId: string;
      createdBy: string;
      url: string;
      events: string[];
      description: string | null;
      secretSealed: string;
      secretHint: string;
    },
  ): Promise<EndpointRow> {
    const row = await this.sql.one<EndpointRow>(
      {
        text: `INSERT INTO webhook_endpoints AS w (id, store_id, created_by, url, events, description, secret_sealed, secret_hint)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ENDPOINT_COLUMNS}`,
        values: [
          endpoint.id,
          endpoint.storeId,
          endpoint.createdBy,
          endpoint.url,
          endpoint.events,
          endpoint.description,
          endpoint.secretSealed,
          endpoint.secretHint,
        ],
      },
      tx,
    );
    return row!;
  }

  /**
   * The store's own endpoints, oldest first. Here and below, `app_id IS NULL`: an installed app's endpoint
   * for the store (AppEndpointsRepository) is the app's, not the store's — never listed, changed or
   * counted by the store's routes.
   */
  list(storeId: string): Promise<EndpointRow[]> {
    return this.sql.rows<EndpointRow>({
      text: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints w
              WHERE w.store_id = $1 AND w.app_id IS NULL ORDER BY w.created_at, w.id`,
      values: [storeId],
    });
  }

  find(storeId: string, endpointId: string): Promise<EndpointRow | undefined> {
    return this.sql.one<EndpointRow>({
      text: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints w WHERE w.id = $2 AND w.store_id = $1 AND w.app_id IS NULL`,
      values: [storeId, endpointId],
    });
  }

  /**
   * Changes the given fields. Enabling clears the reason and the runs of failures and timeouts (a fresh
   * start, its circuit closed; so does a new URL); disabling by hand records `manual`.
   */
  update(
    storeId: string,
    endpointId: string,
    patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ): Promise<EndpointRow | undefined> {
    const values: unknown[] = [storeId, endpointId];
    const sets = ['updated_at = now()'];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (patch.url !== undefined) sets.push(`url = ${param(patch.url)}, consecutive_timeouts = 0`);
    if (patch.events !== undefined) sets.push(`events = ${param(patch.events)}`);
    if (patch.description !== undefined) sets.push(`description = ${param(patch.description)}`);
    if (patch.enabled === true)
      sets.push(`enabled = true, disabled_reason = NULL, consecutive_failures = 0, consecutive_timeouts = 0`);
    if (patch.enabled === false)
      sets.push(
        `enabled = false, disabled_reason = CASE WHEN w.enabled THEN 'manual' ELSE w.disabled_reason END`,
      );
    return this.sql.one<EndpointRow>({
      text: `UPDATE webhook_endpoints w SET ${sets.join(', ')}
              WHERE w.id = $2 AND w.store_id = $1 AND w.app_id IS NULL RETURNING ${ENDPOINT_COLUMNS}`,
      values,
    });
  }

  /** Deletes the endpoint; its deliveries and attempts cascade, so queued attempts find nothing to do. */
  async delete(storeId: string, endpointId: string): Promise<boolean> {
    const result = await this.sql.run({
      text: `DELETE FROM webhook_endpoints w WHERE w.id = $2 AND w.store_id = $1 AND w.app_id IS NULL`,
      values: [storeId, endpointId],
    });
    return result.rowCount > 0;
  }

  /** The new secret signs from now on; the current one keeps signing for 24 hours beside it. */
  rotate(
    storeId: string,
    endpointId: string,
    secret: { sealed: string; hint: string },
  ): Promise<EndpointRow | undefined> {
    return this.sql.one<EndpointRow>({
      text: `UPDATE webhook_endpoints w
                SET previous_secret_sealed = w.secret_sealed, previous_secret_until = now() + interval '24 hours',
                    secret_sealed = $3, secret_hint = $4, updated_at = now()
              WHERE w.id = $2 AND w.store_id = $1 AND w.app_id IS NULL RETURNING ${ENDPOINT_COLUMNS}`,
      values: [storeId, endpointId, secret.sealed, secret.hint],
    });
  }

  /**
   * One delivery per enabled endpoint of the store subscribed to the type (or to "*"), due at once, in the
   * event's own transaction. For a store without subscribers it inserts nothing. Answers how many it made.
   */
  async insertForEvent(
    tx: EntityManager,
    event: { id: string; type: string; storeId: string },
    body: string,
  ): Promise<number> {
    const result = await this.sql.run(
      {
        name: 'webhook_deliveries_for_event',
        text: `INSERT INTO webhook_deliveries (endpoint_id, store_id, event_id, event_type, body, next_attempt_at)
               SELECT w.id, w.store_id, $2::uuid, $3::text, $4::text, now() FROM webhook_endpoints w
                WHERE w.store_id = $1 AND w.enabled AND ($3::text = ANY (w.events) OR '*' = ANY (w.events))`,
        values: [event.storeId, event.id, event.type, body],
      },
      tx,
    );
    return result.rowCount;
  }

  /** The test event's delivery to one endpoint: the owner's request, due at once (even while disabled). */
  async insertTest(
    tx: EntityManager,
    endpoint: { id: string; storeId: string },
    event: { id: string; type: string },
    body: string,
  ): Promise<string> {
    const row = await this.sql.one<{ id: string }>(
      {
        text: `INSERT INTO webhook_deliveries (endpoint_id, store_id, event_id, event_type, body, next_attempt_at, manual)
               VALUES ($1, $2, $3, $4, $5, now(), 'resume') RETURNING id`,
        values: [endpoint.id, endpoint.storeId, event.id, event.type, body],
      },
      tx,
    );
    return row!.id;
  }

  /** One page of an endpoint's deliveries, newest first, each with every attempt (oldest first). */
  deliveriesPage(endpointId: string, after: { createdAt: string; id: string } | null, limit: number) {
    const values: unknown[] = [endpointId];
    let where = 'd.endpoint_id = $1';
    if (after) {
      values.push(after.createdAt, after.id);
      where += ` AND (d.created_at, d.id) < ($2::timestamptz, $3::uuid)`;
    }
    values.push(limit);
    return this.sql.rows<DeliveryRow>({
      text: `${DELIVERY_SELECT} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT $${values.length}`,
      values,
    });
  }

  /**
   * Makes the delivery's next attempt the owner's, now, with the same `webhook-id`: on a pending delivery
   * it replaces the scheduled one (`resume`: the schedule goes on if it fails), on a settled one it is one
   * more attempt (`once`: its outcome is the status). An attempt in flight loses its lease (its outcome
   * is still listed, but no longer decides). False when the delivery is not the endpoint's.
   */
  async manualRetry(tx: EntityManager, endpointId: string, deliveryId: string): Promise<boolean> {
    const result = await this.sql.run(
      {
        text: `UPDATE webhook_deliveries d
                SET manual = CASE WHEN d.status = 'pending' AND d.manual IS DISTINCT FROM 'once' THEN 'resume' ELSE 'once' END,
                    status = 'pending', next_attempt_at = now(), leased_until = NULL
              WHERE d.id = $2 AND d.endpoint_id = $1`,
        values: [endpointId, deliveryId],
      },
      tx,
    );
    return result.rowCount > 0;
  }

  /**
   * Counts one of the owner's requests of a kind (test events, retries) in the store's current one-minute
   * window, starting a new window when the last has ended: the hits so far and the seconds the window has
   * left. One statement, atomic across instances.
   */
  async countRequest(
    storeId: string,
    kind: 'test' | 'retry',
  ): Promise<{ hits: number; resetSeconds: number }> {
    const row = await this.sql.one<{ hits: number; reset_seconds: number }>({
      text: `INSERT INTO webhook_rate_limits AS r (store_id, kind, window_start, hits) VALUES ($1, $2, now(), 1)
             ON CONFLICT (store_id, kind) DO UPDATE
                SET hits = CASE WHEN r.window_start <= now() - interval '1 minute' THEN 1 ELSE r.hits + 1 END,
                    window_start = CASE WHEN r.window_start <= now() - interval '1 minute' THEN now() ELSE r.window_start END
             RETURNING r.hits, ceil(extract(epoch FROM r.window_start + interval '1 minute' - now()))::int AS reset_seconds`,
      values: [storeId, kind],
    });
    return { hits: row!.hits, resetSeconds: Math.max(1, row!.reset_seconds) };
  }
}
