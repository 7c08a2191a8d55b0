import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, APP_LOGGER, AppConfig, Errors, MailService, SecretHasher } from '@app/core';
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AuthErrors } from './auth.errors';

const OTP_PURPOSE = 'otp';

export interface LoginAccepted {
  sent: true;
  expiresIn: number;
  resendAfter: number;
}

/** E-mail one-time passwords: issue (with a resend cooldown) and verify (attempt-limited, single use). */
@Injectable()
export class OtpService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly hasher: SecretHasher,
    private readonly mail: MailService,
  ) {}

  /**
   * Issues a fresh code for the address, replacing any previous one. The same answer goes out whether or
   * not an account exists. The upsert only replaces a code older than OTP_RESEND_AFTER, so two parallel
   * logins cannot both send mail.
   */
  async request(email: string): Promise<LoginAccepted> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const codeHash = this.hasher.hash(OTP_PURPOSE, `${email}:${code}`);
    const issued = (await this.db.query(
      `INSERT INTO otp_challenges AS c (email, code_hash, attempts, created_at, expires_at, consumed_at)
       VALUES ($1, $2, 0, now(), now() + make_interval(secs => $3), NULL)
       ON CONFLICT (email) DO UPDATE
          SET code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(),
              expires_at = EXCLUDED.expires_at, consumed_at = NULL
        WHERE c.created_at <= now() - make_interval(secs => $4)
       RETURNING email`,
      [email, codeHash, this.config.otpTtl, this.config.otpResendAfter],
    )) as unknown[];
    if (issued.length === 0) {
      const [row] = (await this.db.query(
        `SELECT GREATEST(1, CEIL(EXTRACT(EPOCH FROM (created_at + make_interval(secs => $2) - now())))) AS wait
           FROM otp_challenges WHERE email = $1`,
        [email, this.config.otpResendAfter],
      )) as { wait: string }[];
      throw Errors.rateLimited(
        Number(row?.wait ?? this.config.otpResendAfter),
        'A code was sent recently; wait before asking again.',
      );
    }
    const minutes = Math.max(1, Math.round(this.config.otpTtl / 60));
    try {
      await this.mail.send({
        to: email,
        subject: `Your Storefront sign-in code: ${code}`,
        text:
          `Your Storefront sign-in code is ${code}.\n\n` +
          `It expires in ${minutes} minute${minutes === 1 ? '' : 's'} and works once. ` +
          `If you did not ask to sign in, ignore this mail.\n`,
      });
    } catch (error) {
      // Let the person ask again at once instead of waiting out a cooldown for a mail that never left.
      await this.db.query(`DELETE FROM otp_challenges WHERE email = $1 AND code_hash = $2`, [
        email,
        codeHash,
      ]);
      this.logger.error({ err: { message: (error as Error).message } }, 'sign-in mail failed');
      throw AuthErrors.mailFailed();
    }
    return { sent: true, expiresIn: this.config.otpTtl, resendAfter: this.config.otpResendAfter };
  }

  /**
   * Checks a code, within two budgets.
   *
   * Per address: at most OTP_MAX_FAILURES failed verifications in a rolling hour, across codes (asking
   * for a new code does not reset it). The check, the comparison and the recording of a failure run in
   * one transaction under a transaction-scoped advisory lock on the address, so parallel guesses at one
   * address queue and can never be compared more often than the budget allows — on every instance,
   * since the lock and the failure log live in the database. Past the budget even the right code is 429.
   *
   * Per code: each try is counted by a conditional UPDATE … RETURNING before the comparison, so N
   * parallel guesses never get more than OTP_MAX_ATTEMPTS comparisons; consuming the code is a second
   * conditional UPDATE, so of N parallel right answers exactly one wins. Every failure is the same
   * `invalid_otp`, and a verify with no live code counts as a failure too (it is a guess all the same).
   */
  async verify(email: string, otp: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`otp:${email}`]);
      const [window] = (await tx.query(
        `SELECT count(*)::int AS failures,
                CEIL(EXTRACT(EPOCH FROM (min(failed_at) + interval '1 hour' - now())))::int AS frees_in
           FROM otp_failures WHERE email = $1 AND failed_at > now() - interval '1 hour'`,
        [email],
      )) as { failures: number; frees_in: number | null }[];
      if (window.failures >= this.config.otpMaxFailures) {
        return { kind: 'limited' as const, retryAfter: window.frees_in ?? 3600 };
      }
      const [counted] = (await tx.query(
        `UPDATE otp_challenges SET attempts = attempts + 1
          WHERE email = $1 AND consumed_at IS NULL AND expires_at > now() AND attempts < $2
          RETURNING code_hash`,
        [email, this.config.otpMaxAttempts],
      )) as [{ code_hash: string }[], number];
      const stored = counted[0]?.code_hash;
      if (stored && this.hasher.matches(OTP_PURPOSE, `${email}:${otp}`, stored)) {
        const [, consumed] = (await tx.query(
          `UPDATE otp_challenges SET consumed_at = now()
            WHERE email = $1 AND code_hash = $2 AND consumed_at IS NULL AND expires_at > now()`,
          [email, stored],
        )) as [unknown, number];
        if (consumed === 1) return { kind: 'ok' as const };
      }
      // Recorded in the same transaction as the check, so the failure counts before the lock is let go.
      await tx.query(`INSERT INTO otp_failures (email) VALUES ($1)`, [email]);
      return { kind: 'invalid' as const };
    });
    if (outcome.kind === 'limited') {
      throw Errors.rateLimited(
        outcome.retryAfter,
        'Too many failed codes for this address; wait before trying again.',
      );
    }
    if (outcome.kind === 'invalid') throw Errors.invalidOtp();
  }
}
