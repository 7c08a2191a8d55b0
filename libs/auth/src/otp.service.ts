import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Errors, MailService, SecretHasher } from '@app/core';
import { randomInt } from 'node:crypto';
import { AuthErrors } from './auth.errors';
import { OtpRepository } from './otp.repository';

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
    private readonly otps: OtpRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const issued = await this.otps.issue(email, codeHash, this.config.otpTtl, this.config.otpResendAfter);
    if (!issued) {
      const wait = await this.otps.secondsUntilResend(email, this.config.otpResendAfter);
      throw Errors.rateLimited(
        wait ?? this.config.otpResendAfter,
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
    } catch {
      // Let the person ask again at once instead of waiting out a cooldown for a mail that never left
      // (a send abandoned at the time limit may still arrive late: its code is dead, the retry's works).
      // MailService reported the failure to the smtp monitor, which logs the outage once.
      await this.otps.discard(email, codeHash);
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
    const outcome = await this.otps.lockedForAddress(email, async (tx) => {
      const window = await this.otps.failureWindow(tx, email);
      if (window.failures >= this.config.otpMaxFailures) {
        return { kind: 'limited' as const, retryAfter: window.frees_in ?? 3600 };
      }
      const stored = await this.otps.countAttempt(tx, email, this.config.otpMaxAttempts);
      if (
        stored &&
        this.hasher.matches(OTP_PURPOSE, `${email}:${otp}`, stored) &&
        (await this.otps.consume(tx, email, stored))
      ) {
        return { kind: 'ok' as const };
      }
      // Recorded in the same transaction as the check, so the failure counts before the lock is let go.
      await this.otps.recordFailure(tx, email);
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
