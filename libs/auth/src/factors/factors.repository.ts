import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';

/** An account's second factors as one read shows them (sealed secrets stay sealed here). */
export interface FactorState {
  email: string;
  second_factor: boolean;
  totp_sealed: string | null;
  totp_confirmed_at: Date | null;
  pending_sealed: string | null;
  last_step: string;
  codes_left: number;
  passkeys: number;
}

export interface MfaChallengeRow {
  account_id: string;
  method: string;
  live: boolean;
}

/**
 * The second-factor tables (`totp_factors`, `recovery_codes`, `mfa_challenges`, `second_factor_failures`)
 * and `accounts.second_factor` (passkeys: PasskeysRepository). Everything that decides is a conditional write (a TOTP step accepted
 * once, a recovery code or an mfaToken spent once), and every change of an account's factors runs under
 * the account's advisory lock (lockedForAccount), so parallel answers or changes queue on every instance.
 */
@Injectable()
export class FactorsRepository {
  constructor(private readonly sql: Sql) {}

  /** Runs `work` in a transaction holding the account's second-factor lock (all instances queue on it). */
  lockedForAccount<R>(accountId: string, work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(async (tx) => {
      await this.sql.run(
        { text: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, values: [`mfa:${accountId}`] },
        tx,
      );
      return work(tx);
    });
  }

  state(accountId: string, tx?: EntityManager): Promise<FactorState | undefined> {
    return this.sql.one<FactorState>(
      {
        text: `SELECT a.email, a.second_factor, t.secret_sealed AS totp_sealed, t.confirmed_at AS totp_confirmed_at,
                      t.pending_secret_sealed AS pending_sealed, COALESCE(t.last_step, 0)::text AS last_step,
                      (SELECT count(*)::int FROM recovery_codes r WHERE r.account_id = a.id AND r.used_at IS NULL) AS codes_left,
                      (SELECT count(*)::int FROM passkeys p WHERE p.account_id = a.id) AS passkeys
                 FROM accounts a LEFT JOIN totp_factors t ON t.account_id = a.id
                WHERE a.id = $1`,
        values: [accountId],
      },
      tx,
    );
  }

  /** Stores a pending TOTP secret, replacing a pending one (a confirmed one stays until the confirm). */
  async setPendingTotp(accountId: string, sealed: string): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO totp_factors (account_id, pending_secret_sealed, pending_at) VALUES ($1, $2, now())
             ON CONFLICT (account_id) DO UPDATE SET pending_secret_sealed = $2, pending_at = now()`,
      values: [accountId, sealed],
    });
  }

  /** Makes the pending secret the account's TOTP factor, its confirming step the last accepted one. */
  async confirmTotp(tx: EntityManager, accountId: string, pending: string, step: number): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE totp_factors
                  SET secret_sealed = pending_secret_sealed, confirmed_at = now(),
                      pending_secret_sealed = NULL, pending_at = NULL, last_step = GREATEST(last_step, $3)
                WHERE account_id = $1 AND pending_secret_sealed = $2`,
        values: [accountId, pending, step],
      },
      tx,
    );
    return rowCount === 1;
  }

  async removeTotp(tx: EntityManager, accountId: string): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE totp_factors SET secret_sealed = NULL, confirmed_at = NULL
                WHERE account_id = $1 AND secret_sealed IS NOT NULL`,
        values: [accountId],
      },
      tx,
    );
    return rowCount === 1;
  }

  /** Accepts a TOTP time step once: only a step after the last accepted one (no replay, no older code). */
  async acceptStep(tx: EntityManager, accountId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE totp_factors SET last_step = $2
                WHERE account_id = $1 AND secret_sealed IS NOT NULL AND last_step < $2`,
        values: [accountId, step],
      },
      tx,
    );
    return rowCount === 1;
  }

  /** The account's recovery codes become these (hashes); the earlier ones die. */
  async replaceRecoveryCodes(tx: EntityManager, accountId: string, hashes: string[]): Promise<void> {
    await this.deleteRecoveryCodes(tx, accountId);
    await this.sql.run(
      {
        text: `INSERT INTO recovery_codes (account_id, code_hash) SELECT $1, unnest($2::text[])`,
        values: [accountId, hashes],
      },
      tx,
    );
  }

  async deleteRecoveryCodes(tx: EntityManager, accountId: string): Promise<void> {
    await this.sql.run({ text: `DELETE FROM recovery_codes WHERE account_id = $1`, values: [accountId] }, tx);
  }

  /** Spends an unused recovery code; true for exactly one of several parallel uses. */
  async useRecoveryCode(tx: EntityManager, accountId: string, hash: string): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE recovery_codes SET used_at = now()
                WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        values: [accountId, hash],
      },
      tx,
    );
    return rowCount === 1;
  }

  /** Recomputes `accounts.second_factor` from the factors (in the change's transaction); answers it. */
  async refreshSecondFactor(tx: EntityManager, accountId: string): Promise<boolean> {
    const row = await this.sql.one<{ second_factor: boolean }>(
      {
        text: `UPDATE accounts
                  SET second_factor = EXISTS (SELECT 1 FROM totp_factors t
                                               WHERE t.account_id = $1 AND t.secret_sealed IS NOT NULL)
                                   OR EXISTS (SELECT 1 FROM passkeys p WHERE p.account_id = $1)
                WHERE id = $1 RETURNING second_factor`,
        values: [accountId],
      },
      tx,
    );
    return row?.second_factor ?? false;
  }

  /** Failed second-factor answers of the account in the last `windowSeconds`, and when the oldest drops out. */
  async failureWindow(
    tx: EntityManager,
    accountId: string,
    windowSeconds: number,
  ): Promise<{ failures: number; frees_in: number | null }> {
    const row = await this.sql.one<{ failures: number; frees_in: number | null }>(
      {
        text: `SELECT count(*)::int AS failures,
                      CEIL(EXTRACT(EPOCH FROM (min(failed_at) + make_interval(secs => $2) - now())))::int AS frees_in
                 FROM second_factor_failures
                WHERE account_id = $1 AND failed_at > now() - make_interval(secs => $2)`,
        values: [accountId, windowSeconds],
      },
      tx,
    );
    return row ?? { failures: 0, frees_in: null };
  }

  async recordFailure(tx: EntityManager, accountId: string): Promise<void> {
    await this.sql.run(
      { text: `INSERT INTO second_factor_failures (account_id) VALUES ($1)`, values: [accountId] },
      tx,
    );
  }

  async openChallenge(tokenHash: string, accountId: string, method: string, ttl: number): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO mfa_challenges (token_hash, account_id, method, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      values: [tokenHash, accountId, method, ttl],
    });
  }

  /** An mfaToken's account and method, and whether it still takes answers (unused, unexpired, < max wrong). */
  challenge(
    tokenHash: string,
    maxFailures: number,
    tx?: EntityManager,
  ): Promise<MfaChallengeRow | undefined> {
    return this.sql.one<MfaChallengeRow>(
      {
        text: `SELECT account_id, method,
                      (used_at IS NULL AND expires_at > now() AND failures < $2) AS live
                 FROM mfa_challenges WHERE token_hash = $1`,
        values: [tokenHash, maxFailures],
      },
      tx,
    );
  }

  async countChallengeFailure(tx: EntityManager, tokenHash: string): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE mfa_challenges SET failures = failures + 1 WHERE token_hash = $1`,
        values: [tokenHash],
      },
      tx,
    );
  }

  /** Spends the mfaToken; true for exactly one of several parallel right answers. */
  async spendChallenge(tx: EntityManager, tokenHash: string, maxFailures: number): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE mfa_challenges SET used_at = now()
                WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND failures < $2`,
        values: [tokenHash, maxFailures],
      },
      tx,
    );
    return rowCount === 1;
  }

  /** This session counts as verified for step-up from now (the per-request read sees it at once). */
  async markSessionVerified(tx: EntityManager, accountId: string, sessionId: string): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE sessions SET verified_at = now() WHERE id = $1 AND account_id = $2`,
        values: [sessionId, accountId],
      },
      tx,
    );
  }
}
