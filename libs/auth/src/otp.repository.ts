import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';

/**
 * The `otp_challenges` and `otp_failures` tables. Every statement that decides something is a
 * conditional write, so parallel requests for one address cannot both win.
 */
@Injectable()
export class OtpRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Stores a fresh code for the address, replacing a previous one only when it is older than
   * `resendAfter` seconds; false when the previous code is too recent (no new code).
   */
  async issue(email: string, codeHash: string, ttl: number, resendAfter: number): Promise<boolean> {
    const { rowCount } = await this.sql.run({
      text: `INSERT INTO otp_challenges AS c (email, code_hash, attempts, created_at, expires_at, consumed_at)
             VALUES ($1, $2, 0, now(), now() + make_interval(secs => $3), NULL)
             ON CONFLICT (email) DO UPDATE
                SET code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(),
                    expires_at = EXCLUDED.expires_at, consumed_at = NULL
              WHERE c.created_at <= now() - make_interval(secs => $4)`,
      values: [email, codeHash, ttl, resendAfter],
    });
    return rowCount > 0;
  }

  /** Seconds until the address may ask for a new code. */
  async secondsUntilResend(email: string, resendAfter: number): Promise<number | undefined> {
    const row = await this.sql.one<{ wait: string }>({
      text: `SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (created_at + make_interval(secs => $2) - now())))) AS wait
               FROM otp_challenges WHERE email = $1`,
      values: [email, resendAfter],
    });
    return row ? Number(row.wait) : undefined;
  }

  async discard(email: string, codeHash: string): Promise<void> {
    await this.sql.run({
      text: `DELETE FROM otp_challenges WHERE email = $1 AND code_hash = $2`,
      values: [email, codeHash],
    });
  }

  /** Runs `work` in a transaction holding the address's advisory lock (all instances queue on it). */
  lockedForAddress<R>(email: string, work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(async (tx) => {
      await this.sql.run(
        { text: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, values: [`otp:${email}`] },
        tx,
      );
      return work(tx);
    });
  }

  /** Failed verifications of the address in the last hour, and seconds until the oldest drops out. */
  async failureWindow(
    tx: EntityManager,
    email: string,
  ): Promise<{ failures: number; frees_in: number | null }> {
    const row = await this.sql.one<{ failures: number; frees_in: number | null }>(
      {
        text: `SELECT count(*)::int AS failures,
                      CEIL(EXTRACT(EPOCH FROM (min(failed_at) + interval '1 hour' - now())))::int AS frees_in
                 FROM otp_failures WHERE email = $1 AND failed_at > now() - interval '1 hour'`,
        values: [email],
      },
      tx,
    );
    return row ?? { failures: 0, frees_in: null };
  }

  /** Counts a try against the live code (if it has tries left) and answers its hash. */
  async countAttempt(tx: EntityManager, email: string, maxAttempts: number): Promise<string | undefined> {
    const row = await this.sql.one<{ code_hash: string }>(
      {
        text: `UPDATE otp_challenges SET attempts = attempts + 1
                WHERE email = $1 AND consumed_at IS NULL AND expires_at > now() AND attempts < $2
                RETURNING code_hash`,
        values: [email, maxAttempts],
      },
      tx,
    );
    return row?.code_hash;
  }

  /** Spends the code; true for exactly one of several parallel right answers. */
  async consume(tx: EntityManager, email: string, codeHash: string): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE otp_challenges SET consumed_at = now()
                WHERE email = $1 AND code_hash = $2 AND consumed_at IS NULL AND expires_at > now()`,
        values: [email, codeHash],
      },
      tx,
    );
    return rowCount === 1;
  }

  async recordFailure(tx: EntityManager, email: string): Promise<void> {
    await this.sql.run({ text: `INSERT INTO otp_failures (email) VALUES ($1)`, values: [email] }, tx);
  }
}
