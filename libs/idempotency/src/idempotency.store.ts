import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_LOGGER, Errors, errorForLog, isConnectionLost, isDatabaseUnavailable } from '@app/core';
import { Sql } from '@app/database';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** How long a first answer is kept for its key. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A claim whose request never finished (its process died mid-request) is taken over after this long,
 * rather than answering 409 for a day. A request still running after 5 minutes is long gone: requests
 * time out far sooner.
 */
const ABANDONED_AFTER = '5 minutes';
/** 1–255 visible ASCII characters (the IETF draft's and Stripe's rule). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_use' }
  | { kind: 'reused' };

/** The Idempotency-Key header's value, checked; undefined when the header was not sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_FORMAT.test(header)) {
    throw Errors.validation([
      { field: 'Idempotency-Key', message: 'must be 1–255 visible ASCII characters, sent once' },
    ]);
  }
  return header;
}

/** SHA-256 over a canonical JSON form (object keys sorted), so key order in a retried body does not matter. */
export function fingerprint(parts: unknown): string {
  return createHash('sha256').update(canonical(parts)).digest('hex');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A key's bookkeeping that could not be written while the database was away, written once it is back. */
type Pending =
  | { kind: 'release'; caller: string; key: string; since: number }
  | { kind: 'complete'; caller: string; key: string; since: number; status: number; body: unknown };

/** How often pending bookkeeping is tried again, and for how long (well under ABANDONED_AFTER). */
const PENDING_RETRY_MS = 1_000;
const PENDING_GIVE_UP_MS = 2 * 60_000;
/**
 * A claim cut off after it was sent may still be running on the server when the key is given back on
 * another connection (PostgreSQL finishes a statement before it notices its client is gone): the key is
 * given back once more after this long, so the claim that landed after the first DELETE does not orphan
 * the key until ABANDONED_AFTER. Only the connection-lost path waits.
 */
const LOST_CLAIM_SETTLE_MS = 100;

/**
 * Idempotency keys: the first request with a (caller, key) claims it atomically — one INSERT … ON
 * CONFLICT, so of two concurrent retries exactly one runs — and its answer is kept 24 hours for replay.
 *
 * The database may go away under any of these statements (a restart, a failover: contract §1), and none
 * of that may turn an answer into a 500 or leave a key unusable once the database is back
 * (test/database/writes-under-restart.e2e-spec.ts):
 * - a claim whose connection is lost may have been written: the key is given back before the 503 (twice,
 *   LOST_CLAIM_SETTLE_MS apart), so the retry that 503 invites claims it instead of meeting its own
 *   orphaned claim;
 * - keeping an answer (an UPDATE of fixed values) and giving a key back (a DELETE by key) are retried
 *   once on a new connection; if the database is still away they are kept in this process and written
 *   as soon as it is back (tried every second, at once when the same key is claimed again here), so a
 *   retry gets its replay or runs — not 409 `idempotency_key_in_use` until ABANDONED_AFTER. An answer
 *   whose change committed is still sent when its bookkeeping has to wait. Should this process die
 *   first, the claim is taken over after ABANDONED_AFTER, as for any request that died.
 */
@Injectable()
export class IdempotencyStore implements OnModuleDestroy {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sql: Sql,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async claim(caller: string, key: string, print: string): Promise<Claim> {
    try {
      // What this process still owes the key is written first, so the retry sees the key as it is.
      const owed = this.pending.get(slot(caller, key));
      if (owed) await this.write(owed);
      return await this.tryClaim(caller, key, print);
    } catch (error) {
      if (isConnectionLost(error)) {
        await this.release(caller, key);
        await sleep(LOST_CLAIM_SETTLE_MS);
        await this.release(caller, key);
      }
      throw error;
    }
  }

  private async tryClaim(caller: string, key: string, print: string): Promise<Claim> {
    // Inserts a new claim, or takes over an expired or abandoned one; a live claim is left alone.
    const claimed = await this.sql.run({
      text: `INSERT INTO idempotency_keys AS k (caller, key, fingerprint, created_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + make_interval(hours => $4))
       ON CONFLICT (caller, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL,
              created_at = now(), expires_at = EXCLUDED.expires_at
        WHERE k.expires_at <= now()
           OR (k.status IS NULL AND k.created_at < now() - interval '${ABANDONED_AFTER}')
       RETURNING 1`,
      values: [caller, key, print, IDEMPOTENCY_TTL_HOURS],
    });
    if (claimed.rowCount > 0) return { kind: 'claimed' };
    const row = await this.sql.one<{ fingerprint: string; status: number | null; body: unknown }>({
      text: `SELECT fingerprint, status, body FROM idempotency_keys WHERE caller = $1 AND key = $2`,
      values: [caller, key],
    });
    if (!row) return this.tryClaim(caller, key, print); // purged in between: claim again
    if (row.fingerprint !== print) return { kind: 'reused' };
    if (row.status === null) return { kind: 'in_use' };
    return { kind: 'replay', status: row.status, body: row.body };
  }

  /** Keeps the answer of a claimed key (later, if the database is away: see above). */
  complete(caller: string, key: string, status: number, body: unknown): Promise<void> {
    return this.settle({ kind: 'complete', caller, key, status, body, since: Date.now() });
  }

  /** Lets a key go again (the request failed without an answer worth keeping; later if need be). */
  release(caller: string, key: string): Promise<void> {
    return this.settle({ kind: 'release', caller, key, since: Date.now() });
  }

  private async settle(entry: Pending): Promise<void> {
    try {
      await this.write(entry);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.pending.set(slot(entry.caller, entry.key), entry);
      this.logger.warn(
        { err: errorForLog(error), kind: entry.kind },
        'idempotency key bookkeeping deferred until the database is back',
      );
      this.schedule();
    }
  }

  /** Writes one entry; it is no longer owed once written. */
  private async write(entry: Pending): Promise<void> {
    await this.sql.run(
      entry.kind === 'complete'
        ? {
            text: `UPDATE idempotency_keys SET status = $3, body = $4::jsonb WHERE caller = $1 AND key = $2`,
            values: [entry.caller, entry.key, entry.status, JSON.stringify(entry.body ?? null)],
            idempotent: true,
          }
        : {
            text: `DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2 AND status IS NULL`,
            values: [entry.caller, entry.key],
            idempotent: true,
          },
    );
    if (this.pending.get(slot(entry.caller, entry.key)) === entry)
      this.pending.delete(slot(entry.caller, entry.key));
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, PENDING_RETRY_MS);
    // Never keeps the process alive.
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    for (const [name, entry] of this.pending) {
      // Past this, ABANDONED_AFTER is near: another request may have taken the key over legitimately.
      if (Date.now() - entry.since > PENDING_GIVE_UP_MS) {
        this.pending.delete(name);
        continue;
      }
      try {
        await this.write(entry);
      } catch {
        break; // still away: try again later
      }
    }
    if (this.pending.size > 0) this.schedule();
  }
}

function slot(caller: string, key: string): string {
  return `${caller}\u0000${key}`;
}

export const IDEMPOTENCY_PURGE_RULES = [
  { name: 'idempotency_keys', table: 'idempotency_keys', where: `expires_at < now()` },
];
