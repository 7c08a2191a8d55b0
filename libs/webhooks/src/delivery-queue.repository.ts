import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { AttemptOutcome } from './attempt-sender';
import type { AfterAttempt, ManualAttempt } from './retry-policy';

/** Endpoints with pending deliveries one claim looks at, at most (ENDPOINT_WALK). */
const ENDPOINTS_PER_CLAIM = 1000;
/** Before every endpoint id: the walk's start. */
const WALK_START = '00000000-0000-0000-0000-000000000000';

/** A delivery taken for an attempt: the delivery, its lease, its endpoint and its sealed secrets. */
export interface ClaimedDeliveryRow {
  id: string;
  event_id: string;
  body: string;
  /** Attempts made before this one. */
  attempt_count: number;
  manual: ManualAttempt | null;
  /** The lease: this attempt may book its outcome only while the delivery still carries it. */
  leased_until: Date;
  store_id: string;
  endpoint_id: string;
  created_by: string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_live: boolean;
}

/** This instance's attempts in flight, by endpoint and by store. */
export interface InFlight {
  byEndpoint: Map<string, number>;
  byStore: Map<string, number>;
}

/** How many attempts one instance may have in flight at once. */
export interface InFlightLimits {
  perEndpoint: number;
  perStore: number;
  /** From this many timed-out attempts in a row on, an endpoint gets one attempt at a time (its circuit). */
  circuitAfterTimeouts: number;
}

/** A 2xx attempt, to book (DeliveryQueueRepository.bookDelivered). */
export interface DeliveredAttempt {
  id: string;
  lease: Date;
  at: Date;
  statusCode: number;
  durationMs: number;
}

/** An attempt's outcome, as its delivery, its attempt row and its endpoint record it. */
export type AttemptBooking = AfterAttempt &
  Pick<AttemptOutcome, 'statusCode' | 'error' | 'durationMs' | 'timedOut'> & {
    at: Date;
    disableAfter: number;
  };

/**
 * The endpoints that have pending deliveries, in id order after $1, $2 at most: a loose index scan (one
 * seek of ix_webhook_deliveries_due per endpoint, however many deliveries each has). The marker tells
 * the loop's statements apart in recordings of a request's SQL (@app/testing's recordSql): the loop
 * claims on its own timer, in any request's window.
 */
const ENDPOINT_WALK = `/* webhook delivery claim */ WITH RECURSIVE walk(endpoint_id, step) AS (
    SELECT (SELECT endpoint_id FROM webhook_deliveries
             WHERE status = 'pending' AND endpoint_id > $1::uuid ORDER BY endpoint_id LIMIT 1), 1
  UNION ALL
    SELECT (SELECT d.endpoint_id FROM webhook_deliveries d
             WHERE d.status = 'pending' AND d.endpoint_id > walk.endpoint_id ORDER BY d.endpoint_id LIMIT 1),
           walk.step + 1
      FROM walk WHERE walk.endpoint_id IS NOT NULL AND walk.step < $2::int)
  SELECT endpoint_id FROM walk WHERE endpoint_id IS NOT NULL`;

/**
 * The delivery rows as the queue of attempts (as Vendure's SQL job queue does with its job table): a
 * pending delivery whose `next_attempt_at` has come is due; an instance takes due deliveries with
 * `FOR UPDATE SKIP LOCKED` — so with several instances each attempt is made by one of them — and leases
 * them until `leased_until`. A lease that passes without its outcome booked (the instance died) makes
 * the delivery due again: crash recovery is part of the claim, not a maintenance job that has to run.
 * One state machine per delivery — pending (due, or leased) → succeeded | failed — and no other table.
 */
@Injectable()
export class DeliveryQueueRepository {
  constructor(private readonly sql: Sql) {}

  /** Where the next claim's walk over the endpoints starts (this instance's own position). */
  private walkAfter = WALK_START;

  /**
   * Takes up to `max` due deliveries, oldest first, leased for `leaseSeconds`, such that no endpoint and
   * no store goes over its limit of this instance's attempts in flight (`inFlight`): one store's hanging
   * endpoints hold at most `perStore` attempts, a dead endpoint at most `perEndpoint` of its store's (one,
   * once its circuit is open). What does not fit stays due for a later claim.
   *
   * Its cost does not grow with a backlog: it walks the endpoints that have pending deliveries (one index
   * seek each, ENDPOINT_WALK) and takes from each only as many of its oldest due deliveries as it has room
   * for — so a dead endpoint's thousands of due deliveries are never read while it is full. The walk
   * looks at ENDPOINTS_PER_CLAIM endpoints at most, going on where the last claim stopped.
   */
  async claim(
    max: number,
    leaseSeconds: number,
    limits: InFlightLimits,
    inFlight: InFlight,
  ): Promise<ClaimedDeliveryRow[]> {
    const walked = await this.sql.rows<{ endpoint_id: string }>({
      name: 'webhook_deliveries_walk',
      text: ENDPOINT_WALK,
      values: [this.walkAfter, ENDPOINTS_PER_CLAIM],
    });
    this.walkAfter = walked.length < ENDPOINTS_PER_CLAIM ? WALK_START : walked[walked.length - 1].endpoint_id;
    if (walked.length === 0) return [];
    return this.sql.rows<ClaimedDeliveryRow>({
      name: 'webhook_deliveries_claim',
      text: `/* webhook delivery claim */ WITH
             per_endpoint AS (
               SELECT due.id, due.store_id, due.next_attempt_at
                 FROM webhook_endpoints w
                 LEFT JOIN unnest($7::uuid[], $8::int[]) AS busy(endpoint_id, n) ON busy.endpoint_id = w.id
                 CROSS JOIN LATERAL (
                   SELECT d.id, d.store_id, d.next_attempt_at FROM webhook_deliveries d
                    WHERE d.status = 'pending' AND d.endpoint_id = w.id AND d.next_attempt_at <= now()
                      AND (d.leased_until IS NULL OR d.leased_until <= now())
                    ORDER BY d.next_attempt_at
                    LIMIT greatest(0, CASE WHEN w.consecutive_timeouts >= $3::int THEN 1 ELSE $1::int END
                                      - coalesce(busy.n, 0))) due
                WHERE w.id = ANY ($6::uuid[])),
             per_store AS (
               SELECT e.id, e.next_attempt_at,
                      coalesce(busy.n, 0) + row_number() OVER (PARTITION BY e.store_id ORDER BY e.next_attempt_at, e.id)
                        <= $2::int AS fits
                 FROM per_endpoint e
                 LEFT JOIN unnest($9::uuid[], $10::int[]) AS busy(store_id, n) ON busy.store_id = e.store_id),
             chosen AS (
               SELECT d.id FROM webhook_deliveries d
                WHERE d.id IN (SELECT id FROM per_store WHERE fits ORDER BY next_attempt_at, id LIMIT $4::int)
                  AND d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until <= now())
                  FOR UPDATE SKIP LOCKED)
             UPDATE webhook_deliveries d
                SET leased_until = date_trunc('milliseconds', now()) + make_interval(secs => $5::int)
               FROM chosen, webhook_endpoints w
              WHERE d.id = chosen.id AND w.id = d.endpoint_id
             RETURNING d.id, d.event_id, d.body, d.attempt_count, d.manual, d.leased_until, d.store_id,
                       w.id AS endpoint_id, w.created_by, w.url, w.enabled, w.secret_sealed, w.previous_secret_sealed,
                       COALESCE(w.previous_secret_until > now(), false) AS previous_secret_live`,
      values: [
        limits.perEndpoint,
        limits.perStore,
        limits.circuitAfterTimeouts,
        max,
        leaseSeconds,
        walked.map((row) => row.endpoint_id),
        [...inFlight.byEndpoint.keys()],
        [...inFlight.byEndpoint.values()],
        [...inFlight.byStore.keys()],
        [...inFlight.byStore.values()],
      ],
    });
  }

  /**
   * Books delivered attempts, many in one statement (one transaction instead of one each: most of what a
   * delivery costs PostgreSQL): each attempt's row (always: the list shows every attempt made), and — if
   * the delivery still carries that attempt's lease (a manual retry or an expired lease hands it on) —
   * the delivery `succeeded` and its endpoint's runs of failures and timeouts ended. The deliveries are
   * locked first, in id order (two batches never lock in opposite orders; a DELETE of the endpoint waits,
   * so the attempt row never meets a foreign-key violation).
   */
  async bookDelivered(attempts: DeliveredAttempt[]): Promise<void> {
    await this.sql.run({
      name: 'webhook_deliveries_delivered',
      text: `WITH input AS (
               SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::int[], $5::int[])
                        AS i(id, lease, at, status_code, duration_ms)),
             target AS (
               SELECT d.id, d.leased_until = i.lease AS leased, i.at, i.status_code, i.duration_ms
                 FROM webhook_deliveries d JOIN input i ON i.id = d.id ORDER BY d.id FOR NO KEY UPDATE OF d),
             delivery AS (
               UPDATE webhook_deliveries d
                  SET status = 'succeeded', attempt_count = d.attempt_count + 1, next_attempt_at = NULL,
                      leased_until = NULL, manual = NULL
                 FROM target WHERE d.id = target.id AND target.leased
               RETURNING d.endpoint_id),
             attempt AS (
               INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms)
               SELECT id, at, status_code, NULL, duration_ms FROM target)
             UPDATE webhook_endpoints w SET consecutive_failures = 0, consecutive_timeouts = 0
              WHERE w.id IN (SELECT endpoint_id FROM delivery)
                AND (w.consecutive_failures <> 0 OR w.consecutive_timeouts <> 0)`,
      values: [
        attempts.map((a) => a.id),
        attempts.map((a) => a.lease),
        attempts.map((a) => a.at),
        attempts.map((a) => a.statusCode),
        attempts.map((a) => a.durationMs),
      ],
    });
  }

  /**
   * Books an attempt that did not deliver, in one statement: its attempt row, and — if the delivery still
   * carries this attempt's lease — the delivery's next attempt or its failure, and the endpoint's runs:
   * failed deliveries (disabling it at `disableAfter`; 410 disables it at once) and timed-out attempts
   * (its circuit). `disabledNow` is true for the one booking that disabled the endpoint for failing (its
   * owner is then told, once).
   */
  async book(
    deliveryId: string,
    lease: Date,
    b: AttemptBooking,
  ): Promise<{ booked: boolean; disabledNow: boolean }> {
    const row = await this.sql.one<{ booked: boolean; disabled_now: boolean }>({
      name: 'webhook_deliveries_book',
      text: `WITH target AS (
               -- Locked first (which a DELETE waits for): its endpoint deleted at this moment makes the booking
               -- find nothing, never a foreign-key violation.
               SELECT id, leased_until = $2 AS leased FROM webhook_deliveries WHERE id = $1 FOR NO KEY UPDATE),
             delivery AS (
               UPDATE webhook_deliveries d
                  SET status = $3::text, attempt_count = d.attempt_count + 1, leased_until = NULL, manual = NULL,
                      next_attempt_at = CASE WHEN $3::text = 'pending' THEN now() + make_interval(secs => $4::float8) END
                 FROM target WHERE d.id = target.id AND target.leased
               RETURNING d.endpoint_id),
             attempt AS (
               INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms)
               SELECT id, $5, $6::int, $7, $8 FROM target),
             endpoint AS (
               UPDATE webhook_endpoints w
                  SET consecutive_failures = w.consecutive_failures + CASE WHEN $9::boolean THEN 1 ELSE 0 END,
                      consecutive_timeouts = CASE WHEN $11::boolean THEN w.consecutive_timeouts + 1
                                                  WHEN $6::int IS NOT NULL THEN 0
                                                  ELSE w.consecutive_timeouts END,
                      enabled = w.enabled AND $6::int IS DISTINCT FROM 410
                                AND NOT ($9::boolean AND w.consecutive_failures + 1 >= $10::int),
                      disabled_reason = CASE WHEN NOT w.enabled THEN w.disabled_reason
                                             WHEN $6::int = 410 THEN 'gone'
                                             WHEN $9::boolean AND w.consecutive_failures + 1 >= $10::int THEN 'failing' END
                 FROM delivery
                WHERE w.id = delivery.endpoint_id
                  -- Only when something changes: most attempts leave their endpoint's row alone.
                  AND ($9::boolean OR $11::boolean OR $6::int = 410
                       OR ($6::int IS NOT NULL AND w.consecutive_timeouts > 0))
               RETURNING w.disabled_reason = 'failing' AND w.consecutive_failures = $10::int AS disabled_now)
             SELECT EXISTS (SELECT 1 FROM delivery) AS booked, COALESCE(bool_or(disabled_now), false) AS disabled_now
               FROM endpoint`,
      values: [
        deliveryId,
        lease,
        b.status,
        b.delaySeconds,
        b.at,
        b.statusCode,
        b.error,
        b.durationMs,
        b.failedDelivery,
        b.disableAfter,
        b.timedOut,
      ],
    });
    return { booked: row?.booked ?? false, disabledNow: row?.disabled_now ?? false };
  }

  /** Fails a leased delivery without an attempt (its endpoint was disabled, or its secret cannot be read). */
  async failUnattempted(deliveryId: string, lease: Date): Promise<void> {
    await this.sql.run({
      text: `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, leased_until = NULL, manual = NULL
              WHERE id = $1 AND leased_until = $2`,
      values: [deliveryId, lease],
    });
  }
}
