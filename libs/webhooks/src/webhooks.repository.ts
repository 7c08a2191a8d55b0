import { Injectable } from '@nestjs/common';
import { cursorTimestampSql } from '@app/core';
import { Sql } from '@app/database';
import { EXISTING_STORE, listInStore, qualifiedColumns, type StoreChildTable } from '@app/stores';
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

/** What an attempt needs: the delivery, its endpoint and its sealed secrets. */
export interface AttemptTargetRow {
  delivery_id: string;
  event_id: string;
  body: string;
  status: DeliveryRow['status'];
  job_seq: number;
  attempt_count: number;
  endpoint_id: string;
  store_id: string;
  created_by: string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_live: boolean;
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
 * The webhook tables (`webhook_endpoints`, `webhook_deliveries`, `webhook_attempts`). Every statement a
 * request makes is scoped by the store the route's access rule decided, so another store's endpoints
 * answer exactly like missing ones; the worker's statements are by delivery id.
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
        text: `SELECT (SELECT count(*) FROM webhook_endpoints w WHERE w.store_id = s.id) AS count
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

  /** The store's endpoints, oldest first. */
  list(storeId: string): Promise<EndpointRow[]> {
    return listInStore<EndpointRow>(this.sql, ENDPOINTS, storeId);
  }

  find(storeId: string, endpointId: string): Promise<EndpointRow | undefined> {
    return this.sql.one<EndpointRow>({
      text: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints w WHERE w.id = $2 AND w.store_id = $1`,
      values: [storeId, endpointId],
    });
  }

  /**
   * Changes the given fields. Enabling clears the reason and the failure count (a fresh start);
   * disabling by hand records `manual`.
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
    if (patch.url !== undefined) sets.push(`url = ${param(patch.url)}`);
    if (patch.events !== undefined) sets.push(`events = ${param(patch.events)}`);
    if (patch.description !== undefined) sets.push(`description = ${param(patch.description)}`);
    if (patch.enabled === true) sets.push(`enabled = true, disabled_reason = NULL, consecutive_failures = 0`);
    if (patch.enabled === false)
      sets.push(
        `enabled = false, disabled_reason = CASE WHEN w.enabled THEN 'manual' ELSE w.disabled_reason END`,
      );
    return this.sql.one<EndpointRow>({
      text: `UPDATE webhook_endpoints w SET ${sets.join(', ')}
              WHERE w.id = $2 AND w.store_id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      values,
    });
  }

  /** Deletes the endpoint; its deliveries and attempts cascade, so queued attempts find nothing to do. */
  async delete(storeId: string, endpointId: string): Promise<boolean> {
    const result = await this.sql.run({
      text: `DELETE FROM webhook_endpoints w WHERE w.id = $2 AND w.store_id = $1`,
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
              WHERE w.id = $2 AND w.store_id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      values: [storeId, endpointId, secret.sealed, secret.hint],
    });
  }

  /**
   * One delivery per enabled endpoint of the store subscribed to the type (or to "*"), in the event's
   * own transaction, and with each its first attempt's job: `queueFirstAttempts` (DeliveryQueue's
   * firstAttemptsFrom) turns the new deliveries, the WITH query `created`, into that job engine's rows, in
   * the same statement. For a store without subscribers the statement inserts nothing. Answers how many
   * deliveries (and jobs) it made.
   */
  async insertForEvent(
    tx: EntityManager,
    event: { id: string; type: string; storeId: string },
    body: string,
    queueFirstAttempts: (source: string) => string,
  ): Promise<number> {
    const row = await this.sql.one<{ queued: number }>(
      {
        name: 'webhook_deliveries_for_event',
        text: `WITH created AS (
                 INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, next_attempt_at)
                 SELECT w.id, $2::uuid, $3::text, $4::text, now() FROM webhook_endpoints w
                  WHERE w.store_id = $1 AND w.enabled AND ($3::text = ANY (w.events) OR '*' = ANY (w.events))
                 RETURNING id),
               queued AS (${queueFirstAttempts('created')} RETURNING 1)
               SELECT count(*)::int AS queued FROM queued`,
        values: [event.storeId, event.id, event.type, body],
      },
      tx,
    );
    return row?.queued ?? 0;
  }

  /** A delivery of one event to one endpoint (the test event). */
  async insertOne(
    tx: EntityManager,
    endpointId: string,
    event: { id: string; type: string },
    body: string,
  ): Promise<string> {
    const row = await this.sql.one<{ id: string }>(
      {
        text: `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, next_attempt_at)
               VALUES ($1, $2, $3, $4, now()) RETURNING id`,
        values: [endpointId, event.id, event.type, body],
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
   * Makes the delivery's next attempt a manual one, now: a new job sequence number (a scheduled job
   * still queued for it becomes stale and does nothing). Returns the new sequence number and the status
   * it had, or undefined when the delivery is not the endpoint's.
   */
  manualRetry(
    tx: EntityManager,
    endpointId: string,
    deliveryId: string,
  ): Promise<{ job_seq: number; previous_status: DeliveryRow['status'] } | undefined> {
    return this.sql.one(
      {
        text: `WITH old AS (
                 SELECT id, status FROM webhook_deliveries WHERE id = $2 AND endpoint_id = $1 FOR UPDATE)
               UPDATE webhook_deliveries d SET job_seq = d.job_seq + 1, status = 'pending', next_attempt_at = now()
                 FROM old WHERE d.id = old.id
               RETURNING d.job_seq, old.status AS previous_status`,
        values: [endpointId, deliveryId],
      },
      tx,
    );
  }

  /** The deliveries and their endpoints, for a batch of attempts; a delivery gone with either is missing. */
  async attemptTargets(deliveryIds: string[]): Promise<Map<string, AttemptTargetRow>> {
    const rows = await this.sql.rows<AttemptTargetRow>({
      name: 'webhook_attempt_targets',
      text: `SELECT d.id AS delivery_id, d.event_id, d.body, d.status, d.job_seq, d.attempt_count,
                    w.id AS endpoint_id, w.store_id, w.created_by, w.url, w.enabled, w.secret_sealed,
                    w.previous_secret_sealed, COALESCE(w.previous_secret_until > now(), false) AS previous_secret_live
               FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
              WHERE d.id = ANY ($1::uuid[])`,
      values: [deliveryIds],
    });
    return new Map(rows.map((row) => [row.delivery_id, row]));
  }

  /** Records one attempt (always: the list shows every attempt made). */
  async insertAttempt(
    tx: EntityManager,
    deliveryId: string,
    attempt: { at: Date; statusCode: number | null; error: string | null; durationMs: number },
  ): Promise<void> {
    // The delivery is locked first (FOR KEY SHARE, which a DELETE waits for): its endpoint deleted at this
    // moment makes the attempt find nothing, never a foreign-key violation.
    await this.sql.run(
      {
        text: `INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms)
               SELECT id, $2, $3, $4, $5 FROM webhook_deliveries WHERE id = $1 FOR KEY SHARE`,
        values: [deliveryId, attempt.at, attempt.statusCode, attempt.error, attempt.durationMs],
      },
      tx,
    );
  }

  /**
   * The common case, for many attempts in one statement (atomic without a transaction of its own, one
   * round trip for a whole batch instead of several per attempt): records each 2xx attempt, settles each
   * delivery `succeeded` whose job is still the current one, and ends those endpoints' runs of failures.
   * The deliveries are locked first, in id order: one deleted meanwhile (with its endpoint) is skipped
   * rather than failing the batch on a foreign key, and two batches never lock in opposite orders.
   */
  async bookDelivered(
    attempts: { deliveryId: string; jobSeq: number; at: Date; statusCode: number; durationMs: number }[],
  ): Promise<void> {
    if (attempts.length === 0) return;
    await this.sql.run({
      name: 'webhook_book_delivered',
      text: `WITH input AS (
               SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[])
                        AS i(id, seq, at, status_code, duration_ms)),
             live AS (
               SELECT d.id, d.job_seq = i.seq AND d.status = 'pending' AS current, i.at, i.status_code, i.duration_ms
                 FROM webhook_deliveries d JOIN input i ON i.id = d.id
                ORDER BY d.id FOR NO KEY UPDATE OF d),
             settled AS (
               UPDATE webhook_deliveries d SET attempt_count = d.attempt_count + 1, status = 'succeeded', next_attempt_at = NULL
                 FROM live WHERE d.id = live.id AND live.current RETURNING d.endpoint_id),
             recorded AS (
               INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms)
               SELECT id, at, status_code, NULL, duration_ms FROM live),
             recovered AS (
               UPDATE webhook_endpoints SET consecutive_failures = 0
                WHERE id IN (SELECT endpoint_id FROM settled) AND consecutive_failures <> 0)
             SELECT count(*) FROM settled`,
      values: [
        attempts.map((a) => a.deliveryId),
        attempts.map((a) => a.jobSeq),
        attempts.map((a) => a.at),
        attempts.map((a) => a.statusCode),
        attempts.map((a) => a.durationMs),
      ],
    });
  }

  /**
   * Counts the attempt on the delivery, if the job that made it is still the current one (a manual
   * retry or a replayed job makes it stale); the new attempt count, or undefined when stale or gone.
   */
  async countAttempt(tx: EntityManager, deliveryId: string, jobSeq: number): Promise<number | undefined> {
    const row = await this.sql.one<{ attempt_count: number }>(
      {
        text: `UPDATE webhook_deliveries SET attempt_count = attempt_count + 1
                WHERE id = $1 AND job_seq = $2 AND status = 'pending' RETURNING attempt_count`,
        values: [deliveryId, jobSeq],
      },
      tx,
    );
    return row?.attempt_count;
  }

  async settle(tx: EntityManager, deliveryId: string, status: 'succeeded' | 'failed'): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE webhook_deliveries SET status = $2, next_attempt_at = NULL WHERE id = $1`,
        values: [deliveryId, status],
      },
      tx,
    );
  }

  /** Schedules the next attempt; the new job sequence number. */
  async reschedule(tx: EntityManager, deliveryId: string, delaySeconds: number): Promise<number> {
    const row = await this.sql.one<{ job_seq: number }>(
      {
        text: `UPDATE webhook_deliveries
                  SET job_seq = job_seq + 1, next_attempt_at = now() + make_interval(secs => $2)
                WHERE id = $1 RETURNING job_seq`,
        values: [deliveryId, delaySeconds],
      },
      tx,
    );
    return row!.job_seq;
  }

  /**
   * One more failed delivery in a row; disables the endpoint (`failing`) when that makes `disableAfter`.
   * True when this call disabled it (the owner is then told, once).
   */
  async endpointFailed(tx: EntityManager, endpointId: string, disableAfter: number): Promise<boolean> {
    const row = await this.sql.one<{ disabled_now: boolean }>(
      {
        text: `UPDATE webhook_endpoints w
                  SET consecutive_failures = w.consecutive_failures + 1,
                      enabled = CASE WHEN w.consecutive_failures + 1 >= $2 THEN false ELSE w.enabled END,
                      disabled_reason = CASE WHEN w.enabled AND w.consecutive_failures + 1 >= $2 THEN 'failing'
                                             ELSE w.disabled_reason END
                 FROM (SELECT enabled FROM webhook_endpoints WHERE id = $1 FOR UPDATE) before
                WHERE w.id = $1
               RETURNING (before.enabled AND NOT w.enabled) AS disabled_now`,
        values: [endpointId, disableAfter],
      },
      tx,
    );
    return row?.disabled_now ?? false;
  }

  /** The endpoint answered 410 Gone: disabled at once. */
  async endpointGone(tx: EntityManager, endpointId: string): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'gone', updated_at = now()
                WHERE id = $1 AND enabled`,
        values: [endpointId],
      },
      tx,
    );
  }
}
