import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { AttemptOutcome } from './attempt-sender';
import type { AfterAttempt, ManualAttempt } from './retry-policy';

/**
 * Attempts one instance may have in flight per endpoint and per store; from CIRCUIT_AFTER_TIMEOUTS
 * timed-out attempts in a row on, an endpoint gets one at a time until one is answered (its circuit).
 */
const PER_ENDPOINT = 16;
const PER_STORE = 32;
const CIRCUIT_AFTER_TIMEOUTS = 3;
/** Endpoints with pending deliveries one claim looks at, at most (ENDPOINT_WALK). */
const ENDPOINTS_PER_CLAIM = 1000;
/** Before every endpoint id: the walk's start. */
const WALK_START = '00000000-0000-0000-0000-000000000000';

/** A delivery taken for an attempt (its lease: `leased_until`), with its endpoint and sealed secrets. */
export interface ClaimedDeliveryRow {
  id: string;
  event_id: string;
  body: string;
  /** Attempts made before this one. */
  attempt_count: number;
  manual: ManualAttempt | null;
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

/**
 * An attempt's outcome, as its delivery, its attempt row and its endpoint record it; `at` null for a
 * delivery failed without an attempt (its endpoint disabled, its secret unreadable).
 */
export type AttemptBooking = AfterAttempt &
  Pick<AttemptOutcome, 'statusCode' | 'error' | 'durationMs' | 'timedOut'> & {
    id: string;
    endpointId: string;
    lease: Date;
    at: Date | null;
  };

/**
 * The endpoints that have pending deliveries, in id order after $1, $2 at most: a loose index scan (one
 * seek per endpoint, however many deliveries each has). The marker tells the loop's statements apart in
 * recordings of a request's SQL (@app/testing's recordSql): they run on the loop's own timer.
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
 * pending delivery is due once `next_attempt_at` has come; an instance takes it with `FOR UPDATE SKIP
 * LOCKED` (each attempt made by one instance) and leases it until `leased_until`. A lease that passes
 * unbooked (the instance died) makes it due again: crash recovery is part of the claim. One state machine
 * per delivery — pending (due, or leased) → succeeded | failed — and no other table.
 */
@Injectable()
export class DeliveryQueueRepository {
  constructor(private readonly sql: Sql) {}

  /** Where the next claim's walk over the endpoints starts (this instance's own position). */
  private walkAfter = WALK_START;

  /**
   * Takes up to `max` due deliveries, oldest first, leased for `leaseSeconds`, such that no endpoint and
   * no store goes over its limit of this instance's attempts in flight (`inFlight`): one store's hanging
   * endpoints hold PER_STORE attempts at most, a dead endpoint PER_ENDPOINT of them (one, once its circuit
   * is open). What does not fit stays due for a later claim.
   * Its cost does not grow with a backlog: it walks the endpoints with pending deliveries (ENDPOINT_WALK,
   * from where the last claim stopped) and reads of each only what fits — a dead endpoint's thousands of
   * due deliveries are not even read while it is full.
   */
  async claim(max: number, leaseSeconds: number, inFlight: InFlight): Promise<ClaimedDeliveryRow[]> {
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
        PER_ENDPOINT,
        PER_STORE,
        CIRCUIT_AFTER_TIMEOUTS,
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
   * Books attempts, many in one statement (a transaction per delivery cost PostgreSQL 3–4 times the CPU):
   * each attempt's row (the list shows every attempt made), and — while the delivery still carries the
   * attempt's lease — its status or next attempt; then each endpoint's runs: a delivery ends its failures,
   * an answer its timeouts (its circuit); failed deliveries disable it at `disableAfter` in a row, a 410 at
   * once. Deliveries are locked first, in id order (no two bookings lock in opposite orders; an endpoint
   * deleted meanwhile leaves nothing to book). Answers, per booking, whether it disabled its endpoint for
   * failing (true for one booking of that endpoint: its owner is told once).
   */
  async book(bookings: AttemptBooking[], disableAfter: number): Promise<boolean[]> {
    const column = <K extends keyof AttemptBooking>(key: K) => bookings.map((b) => b[key]);
    const disabled = await this.sql.rows<{ id: string }>({
      name: 'webhook_deliveries_book',
      text: `WITH input AS (
               SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::float8[], $5::timestamptz[],
                                    $6::int[], $7::text[], $8::int[], $9::boolean[], $10::boolean[])
                        AS i(id, lease, status, delay, at, status_code, error, duration_ms, failed_delivery, timed_out)),
             target AS (
               SELECT i.*, d.endpoint_id, d.leased_until = i.lease AS leased
                 FROM webhook_deliveries d JOIN input i ON i.id = d.id ORDER BY d.id FOR NO KEY UPDATE OF d),
             delivery AS (
               UPDATE webhook_deliveries d
                  SET status = t.status, attempt_count = d.attempt_count + CASE WHEN t.at IS NULL THEN 0 ELSE 1 END,
                      next_attempt_at = CASE WHEN t.status = 'pending' THEN now() + make_interval(secs => t.delay) END,
                      leased_until = NULL, manual = NULL
                 FROM target t WHERE d.id = t.id AND t.leased
               RETURNING d.id),
             attempt AS (
               INSERT INTO webhook_attempts (delivery_id, at, status_code, error, duration_ms)
               SELECT id, at, status_code, error, duration_ms FROM target WHERE at IS NOT NULL),
             outcome AS (
               SELECT endpoint_id, bool_or(status = 'succeeded') AS delivered, bool_or(status_code IS NOT DISTINCT FROM 410) AS gone,
                      bool_or(status_code IS NOT NULL) AS answered, count(*) FILTER (WHERE failed_delivery) AS failed,
                      count(*) FILTER (WHERE timed_out) AS timed_out
                 FROM target WHERE id IN (SELECT id FROM delivery) GROUP BY endpoint_id),
             endpoint AS (
               UPDATE webhook_endpoints w
                  SET consecutive_failures = CASE WHEN o.delivered THEN 0 ELSE w.consecutive_failures + o.failed END,
                      consecutive_timeouts = CASE WHEN o.answered THEN 0 ELSE w.consecutive_timeouts + o.timed_out END,
                      enabled = w.enabled AND NOT o.gone
                                AND (o.delivered OR o.failed = 0 OR w.consecutive_failures + o.failed < $11::int),
                      disabled_reason = CASE WHEN NOT w.enabled THEN w.disabled_reason WHEN o.gone THEN 'gone'
                                             WHEN NOT o.delivered AND o.failed > 0
                                                  AND w.consecutive_failures + o.failed >= $11::int THEN 'failing' END
                 FROM outcome o
                WHERE w.id = o.endpoint_id
                  -- Only when something changes: most attempts leave their endpoint's row alone.
                  AND (o.failed > 0 OR o.gone OR o.timed_out > 0 OR (o.answered AND w.consecutive_timeouts > 0)
                       OR (o.delivered AND w.consecutive_failures > 0))
               RETURNING w.id, w.disabled_reason = 'failing' AND w.consecutive_failures >= $11::int
                         AND w.consecutive_failures - o.failed < $11::int AS disabled_now)
             SELECT id FROM endpoint WHERE disabled_now`,
      values: [
        column('id'),
        column('lease'),
        column('status'),
        column('delaySeconds'),
        column('at'),
        column('statusCode'),
        column('error'),
        column('durationMs'),
        column('failedDelivery'),
        column('timedOut'),
        disableAfter,
      ],
    });
    const left = new Set(disabled.map((row) => row.id));
    return bookings.map((b) => left.delete(b.endpointId));
  }
}
