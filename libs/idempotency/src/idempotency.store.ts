import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Errors } from '@app/core';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

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

/**
 * Idempotency keys: the first request with a (caller, key) claims it atomically — one INSERT … ON
 * CONFLICT, so of two concurrent retries exactly one runs — and its answer is kept 24 hours for replay.
 */
@Injectable()
export class IdempotencyStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async claim(caller: string, key: string, print: string): Promise<Claim> {
    // Inserts a new claim, or takes over an expired or abandoned one; a live claim is left alone.
    const claimed = (await this.db.query(
      `INSERT INTO idempotency_keys AS k (caller, key, fingerprint, created_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + make_interval(hours => $4))
       ON CONFLICT (caller, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL,
              created_at = now(), expires_at = EXCLUDED.expires_at
        WHERE k.expires_at <= now()
           OR (k.status IS NULL AND k.created_at < now() - interval '${ABANDONED_AFTER}')
       RETURNING 1`,
      [caller, key, print, IDEMPOTENCY_TTL_HOURS],
    )) as unknown[];
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = (await this.db.query(
      `SELECT fingerprint, status, body FROM idempotency_keys WHERE caller = $1 AND key = $2`,
      [caller, key],
    )) as { fingerprint: string; status: number | null; body: unknown }[];
    if (!row) return this.claim(caller, key, print); // purged in between: claim again
    if (row.fingerprint !== print) return { kind: 'reused' };
    if (row.status === null) return { kind: 'in_use' };
    return { kind: 'replay', status: row.status, body: row.body };
  }

  /** Keeps the answer of a claimed key. */
  async complete(caller: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET status = $3, body = $4::jsonb WHERE caller = $1 AND key = $2`,
      [caller, key, status, JSON.stringify(body ?? null)],
    );
  }

  /** Lets a key go again (the request failed without an answer worth keeping). */
  async release(caller: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE caller = $1 AND key = $2 AND status IS NULL`, [
      caller,
      key,
    ]);
  }
}

export const IDEMPOTENCY_PURGE_RULES = [
  { name: 'idempotency_keys', table: 'idempotency_keys', where: `expires_at < now()` },
];
