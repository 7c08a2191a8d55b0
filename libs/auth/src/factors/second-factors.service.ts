import { Inject, Injectable } from '@nestjs/common';
import {
  AccountCaller,
  APP_CONFIG,
  APP_LOGGER,
  AppConfig,
  Errors,
  MailService,
  randomSecret,
  SecretBox,
  SecretHasher,
} from '@app/core';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { ClientInfo } from '../client-info.decorator';
import { SessionService, TokenPair } from '../sessions/session.service';
import { FactorErrors } from './factors.errors';
import { FactorsRepository, FactorState } from './factors.repository';
import { ChallengeBinding, ChallengePurpose, PasskeysRepository } from './passkeys.repository';
import { challengeOf, credentialIdOf, PASSKEY_CHALLENGE_TTL, RelyingParty } from './relying-party';
import { newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import { base32Decode, matchingStep, newTotpSecret, otpauthUrl, totpStep } from './totp';

const RECOVERY_PURPOSE = 'recovery-code';
const MFA_TOKEN_PURPOSE = 'mfa-token';
const MFA_TOKEN_PREFIX = 'sfm_';
/** The mfaToken's life, and its wrong answers before it dies (contract §19). */
const MFA_TOKEN_TTL = 300;
const MFA_TOKEN_MAX_FAILURES = 5;
/** Failed answers per account (sign-in and step-up together) before every answer is 429, and the window. */
const ACCOUNT_MAX_FAILURES = 10;
const ACCOUNT_FAILURE_WINDOW = 15 * 60;

/** One answer to a second-factor question (exactly one member); `passkey`: an AuthenticationResponseJSON. */
export interface FactorAnswer {
  totp?: string;
  recoveryCode?: string;
  passkey?: object;
}

/** The question a passkey answer must answer: a challenge handed out for this purpose to this binding. */
interface Asked {
  purpose: ChallengePurpose;
  binding: ChallengeBinding;
}

export interface MfaRequired {
  mfaRequired: true;
  mfaToken: string;
  methods: ('totp' | 'passkey' | 'recovery_code')[];
}

export interface FactorsView {
  totp: { createdAt: string } | null;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodesLeft: number;
}

type Checked =
  | { kind: 'ok'; usedRecoveryCode: boolean }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfter: number };

/**
 * Second factors (contract §19): TOTP, passkeys (answers; registration: PasskeysService) and recovery codes, the second step of sign-in (`mfaToken`) and
 * step-up. TOTP secrets are sealed at rest (SecretBox, their own key; the account id as associated data),
 * recovery codes and mfaTokens are keyed hashes. Every answer runs under the account's lock with its
 * failure budget (ACCOUNT_MAX_FAILURES in 15 minutes), so parallel guesses queue and never get more
 * comparisons than the budget, on every instance; a TOTP step and a recovery code are each accepted once
 * by a conditional UPDATE. Each factor change and each use of a recovery code mails the account.
 */
@Injectable()
export class SecondFactorsService {
  private readonly box: SecretBox;

  constructor(
    private readonly factors: FactorsRepository,
    private readonly passkeys: PasskeysRepository,
    private readonly relyingParty: RelyingParty,
    private readonly sessions: SessionService,
    private readonly hasher: SecretHasher,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.box = new SecretBox(config.otpPepper, 'totp-secret/v1');
  }

  async list(accountId: string): Promise<FactorsView> {
    const state = await this.stateOf(accountId);
    const passkeys = await this.passkeys.list(accountId);
    return {
      totp: state.totp_confirmed_at ? { createdAt: state.totp_confirmed_at.toISOString() } : null,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
      recoveryCodesLeft: state.codes_left,
    };
  }

  /** A new pending TOTP secret (replacing a pending one); the factor counts once confirmed. */
  async startTotp(caller: AccountCaller): Promise<{ secret: string; otpauthUrl: string }> {
    const state = await this.stateOf(caller.accountId);
    const secret = newTotpSecret();
    await this.factors.setPendingTotp(caller.accountId, this.box.seal(sealOwner(caller.accountId), secret));
    return { secret, otpauthUrl: otpauthUrl(state.email, secret) };
  }

  /**
   * Confirms the pending secret with a code of it. The confirming step becomes the last accepted one (so
   * the same code cannot sign in), the session counts as verified, and the account's first factor comes
   * with its recovery codes (shown this once).
   */
  async confirmTotp(caller: AccountCaller, code: string): Promise<{ recoveryCodes: string[] | null }> {
    const { accountId } = caller;
    const outcome = await this.factors.lockedForAccount(accountId, async (tx) => {
      const state = await this.stateOf(accountId, tx);
      if (!state.pending_sealed) return { kind: 'none' as const };
      const secret = this.box.open(sealOwner(accountId), state.pending_sealed);
      const step = matchingStep(base32Decode(secret), code, totpStep(Date.now()));
      if (step === null || !(await this.factors.confirmTotp(tx, accountId, state.pending_sealed, step))) {
        return { kind: 'wrong' as const };
      }
      const first = !state.second_factor;
      const recoveryCodes = first ? await this.newRecoveryCodes(tx, accountId) : null;
      await this.factors.refreshSecondFactor(tx, accountId);
      await this.factors.markSessionVerified(tx, accountId, caller.sessionId);
      return { kind: 'ok' as const, recoveryCodes, email: state.email, replaced: !!state.totp_sealed };
    });
    if (outcome.kind === 'none') throw FactorErrors.noPendingTotp();
    if (outcome.kind === 'wrong') throw FactorErrors.invalidCode(true);
    await this.notify(
      outcome.email,
      outcome.replaced ? 'An authenticator app replaced the previous one' : 'An authenticator app was added',
    );
    return { recoveryCodes: outcome.recoveryCodes };
  }

  /** Removes the TOTP factor; with the last factor the recovery codes go too. */
  async removeTotp(caller: AccountCaller): Promise<void> {
    const { accountId } = caller;
    const email = await this.factors.lockedForAccount(accountId, async (tx) => {
      const state = await this.stateOf(accountId, tx);
      if (!(await this.factors.removeTotp(tx, accountId))) return null;
      if (!(await this.factors.refreshSecondFactor(tx, accountId))) {
        await this.factors.deleteRecoveryCodes(tx, accountId);
      }
      return state.email;
    });
    if (!email) throw FactorErrors.noFactor();
    await this.notify(email, 'The authenticator app was removed');
  }

  /** Ten new recovery codes (shown this once); the earlier ones die. Needs a factor to recover. */
  async regenerateRecoveryCodes(caller: AccountCaller): Promise<{ recoveryCodes: string[] }> {
    const { accountId } = caller;
    const outcome = await this.factors.lockedForAccount(accountId, async (tx) => {
      const state = await this.stateOf(accountId, tx);
      if (!state.second_factor) return null;
      return { email: state.email, codes: await this.newRecoveryCodes(tx, accountId) };
    });
    if (!outcome) throw FactorErrors.noSecondFactor();
    await this.notify(outcome.email, 'New recovery codes were made; the earlier ones no longer work');
    return { recoveryCodes: outcome.codes };
  }

  /**
   * After the first factor of sign-in (an e-mail code, Google, GitHub): a token pair for an account
   * without a second factor, else the question (`mfaToken`, single use, 300 s, 5 wrong answers).
   */
  async finishSignIn(
    accountId: string,
    method: string,
    client: ClientInfo,
  ): Promise<TokenPair | MfaRequired> {
    const state = await this.stateOf(accountId);
    if (!state.second_factor) return this.sessions.open(accountId, method, client);
    const mfaToken = randomSecret(MFA_TOKEN_PREFIX);
    await this.factors.openChallenge(
      this.hasher.hash(MFA_TOKEN_PURPOSE, mfaToken),
      accountId,
      method,
      MFA_TOKEN_TTL,
    );
    const methods: MfaRequired['methods'] = [];
    if (state.totp_sealed) methods.push('totp');
    if (state.passkeys > 0) methods.push('passkey');
    if (state.codes_left > 0) methods.push('recovery_code');
    return { mfaRequired: true, mfaToken, methods };
  }

  /** The second step of sign-in: the answer to an mfaToken opens a session that counts as verified. */
  async answerSignIn(mfaToken: string, answer: FactorAnswer, client: ClientInfo): Promise<TokenPair> {
    checkOneAnswer(answer);
    const hash = this.hasher.hash(MFA_TOKEN_PURPOSE, mfaToken);
    const known = await this.factors.challenge(hash, MFA_TOKEN_MAX_FAILURES);
    if (!known) throw FactorErrors.invalidToken();
    const outcome = await this.answer(
      known.account_id,
      answer,
      { purpose: 'mfa', binding: { mfaTokenHash: hash } },
      async (tx) => {
        const live = await this.factors.challenge(hash, MFA_TOKEN_MAX_FAILURES, tx);
        return !!live?.live;
      },
      async (tx, right) => {
        if (!right) {
          await this.factors.countChallengeFailure(tx, hash);
          return true;
        }
        return this.factors.spendChallenge(tx, hash, MFA_TOKEN_MAX_FAILURES);
      },
    );
    if (outcome === 'dead') throw FactorErrors.invalidToken();
    this.raise(outcome, false);
    return this.sessions.open(known.account_id, known.method, client, true);
  }

  /** Step-up (RFC 9470): a right answer marks this session verified, seen by the very next request. */
  async stepUp(caller: AccountCaller, answer: FactorAnswer): Promise<void> {
    checkOneAnswer(answer);
    const outcome = await this.answer(
      caller.accountId,
      answer,
      { purpose: 'step_up', binding: { accountId: caller.accountId, sessionId: caller.sessionId } },
      async (tx) => (await this.stateOf(caller.accountId, tx)).second_factor,
      async (tx, right) => {
        if (right) await this.factors.markSessionVerified(tx, caller.accountId, caller.sessionId);
        return true;
      },
    );
    if (outcome === 'dead') throw FactorErrors.noSecondFactor();
    this.raise(outcome, true);
  }

  /** Options for answering an mfaToken with a passkey (the account's passkeys allowed). */
  async signInPasskeyOptions(mfaToken: string) {
    const hash = this.hasher.hash(MFA_TOKEN_PURPOSE, mfaToken);
    const known = await this.factors.challenge(hash, MFA_TOKEN_MAX_FAILURES);
    if (!known?.live) throw FactorErrors.invalidToken();
    return this.assertionOptions(known.account_id, { purpose: 'mfa', binding: { mfaTokenHash: hash } });
  }

  /** Options for step-up with a passkey, bound to this session. */
  stepUpPasskeyOptions(caller: AccountCaller) {
    return this.assertionOptions(caller.accountId, {
      purpose: 'step_up',
      binding: { accountId: caller.accountId, sessionId: caller.sessionId },
    });
  }

  /** Options for passkey sign-in: nobody named, any discoverable credential of this relying party. */
  async passkeySignInOptions() {
    const options = await this.relyingParty.requestOptions([]);
    await this.passkeys.saveChallenge(options.challenge, 'login', {}, PASSKEY_CHALLENGE_TTL);
    return options;
  }

  /**
   * Passkey sign-in without a code: a passkey with user verification is both factors, so the session
   * counts as verified. An unknown or removed credential is refused like a wrong answer (there is no
   * account to count it against); a known one counts in its account's failure budget.
   */
  async signInWithPasskey(response: object, client: ClientInfo): Promise<TokenPair> {
    const credentialId = credentialIdOf(response);
    const passkey = credentialId ? await this.passkeys.byCredential(credentialId) : undefined;
    if (!passkey) throw FactorErrors.invalidCode(false);
    const outcome = await this.answer(
      passkey.accountId,
      { passkey: response },
      { purpose: 'login', binding: {} },
      () => Promise.resolve(true),
      () => Promise.resolve(true),
    );
    if (outcome === 'dead') throw FactorErrors.invalidCode(false);
    this.raise(outcome, false);
    return this.sessions.open(passkey.accountId, 'passkey', client, true);
  }

  private async assertionOptions(accountId: string, asked: Asked) {
    const passkeys = await this.passkeys.list(accountId);
    if (passkeys.length === 0) throw FactorErrors.noPasskey();
    const options = await this.relyingParty.requestOptions(passkeys);
    await this.passkeys.saveChallenge(options.challenge, asked.purpose, asked.binding, PASSKEY_CHALLENGE_TTL);
    return options;
  }

  /**
   * Checks one answer under the account's lock and budget. `open`: may this question still be answered
   * (else 'dead', not counted); `settle`: the question's own bookkeeping, in the same transaction (false:
   * it lost a race, answered as 'dead'). A wrong answer is recorded before the lock is let go.
   */
  private async answer(
    accountId: string,
    answer: FactorAnswer,
    asked: Asked,
    open: (tx: EntityManager) => Promise<boolean>,
    settle: (tx: EntityManager, right: boolean) => Promise<boolean>,
  ): Promise<Checked | 'dead'> {
    const outcome = await this.factors.lockedForAccount(accountId, async (tx) => {
      const window = await this.factors.failureWindow(tx, accountId, ACCOUNT_FAILURE_WINDOW);
      if (window.failures >= ACCOUNT_MAX_FAILURES) {
        return { kind: 'limited' as const, retryAfter: window.frees_in ?? ACCOUNT_FAILURE_WINDOW };
      }
      if (!(await open(tx))) return 'dead' as const;
      const state = await this.stateOf(accountId, tx);
      const right = await this.check(tx, accountId, state, answer, asked);
      if (!right) {
        await this.factors.recordFailure(tx, accountId);
        await settle(tx, false);
        return { kind: 'wrong' as const };
      }
      if (!(await settle(tx, true))) return 'dead' as const;
      return { kind: 'ok' as const, usedRecoveryCode: answer.recoveryCode !== undefined, email: state.email };
    });
    if (outcome !== 'dead' && outcome.kind === 'ok' && outcome.usedRecoveryCode) {
      await this.notify(outcome.email, 'A recovery code was used to sign in or confirm it was you');
    }
    return outcome;
  }

  /**
   * Is the answer right? A TOTP code's step is accepted once; a recovery code is spent; a passkey answer
   * spends its challenge (which must have been handed out for this question) and moves its counter.
   */
  private async check(
    tx: EntityManager,
    accountId: string,
    state: FactorState,
    answer: FactorAnswer,
    asked: Asked,
  ): Promise<boolean> {
    if (answer.passkey !== undefined) return this.checkPasskey(tx, accountId, answer.passkey, asked);
    if (answer.totp !== undefined) {
      if (!state.totp_sealed) return false;
      const secret = base32Decode(this.box.open(sealOwner(accountId), state.totp_sealed));
      const step = matchingStep(secret, answer.totp, totpStep(Date.now()));
      return step !== null && (await this.factors.acceptStep(tx, accountId, step));
    }
    const code = normalizeRecoveryCode(answer.recoveryCode ?? '');
    return (
      code !== null &&
      (await this.factors.useRecoveryCode(
        tx,
        accountId,
        this.hasher.hash(RECOVERY_PURPOSE, `${accountId}:${code}`),
      ))
    );
  }

  private async checkPasskey(
    tx: EntityManager,
    accountId: string,
    response: object,
    asked: Asked,
  ): Promise<boolean> {
    const challenge = challengeOf(response);
    const credentialId = credentialIdOf(response);
    if (!challenge || !credentialId) return false;
    if (!(await this.passkeys.spendChallenge(challenge, asked.purpose, asked.binding, tx))) return false;
    const passkey = await this.passkeys.byCredential(credentialId, accountId, tx);
    if (!passkey) return false;
    const counter = await this.relyingParty.verifyAssertion(response, challenge, passkey, accountId);
    return counter !== null && (await this.passkeys.markUsed(tx, passkey.id, passkey.counter, counter));
  }

  private raise(outcome: Checked, signedIn: boolean): void {
    if (outcome.kind === 'limited') {
      throw Errors.rateLimited(
        outcome.retryAfter,
        'Too many wrong second-factor answers for this account; wait before trying again.',
      );
    }
    if (outcome.kind === 'wrong') throw FactorErrors.invalidCode(signedIn);
  }

  /** Ten new recovery codes for the account (their hashes replace the earlier ones); shown this once. */
  async newRecoveryCodes(tx: EntityManager, accountId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.factors.replaceRecoveryCodes(
      tx,
      accountId,
      codes.map((c) => this.hasher.hash(RECOVERY_PURPOSE, `${accountId}:${normalizeRecoveryCode(c)}`)),
    );
    return codes;
  }

  async stateOf(accountId: string, tx?: EntityManager): Promise<FactorState> {
    const state = await this.factors.state(accountId, tx);
    if (!state) throw Errors.invalidToken();
    return state;
  }

  /**
   * Tells the account's address about a change of its second factors (or a recovery code's use). The
   * change has committed: a mail that cannot be sent is logged, not turned into a failed request.
   */
  async notify(email: string, what: string): Promise<void> {
    try {
      await this.mail.send({
        to: email,
        subject: `Storefront security: ${what.toLowerCase()}`,
        text:
          `${what} on your Storefront account (${new Date().toISOString()}).\n\n` +
          `If this was not you, sign in, remove the factors you do not know under Security, and end your other sessions.\n`,
      });
    } catch (err) {
      this.logger.warn({ err: { message: (err as Error).message } }, 'could not send a security notice');
    }
  }
}

/** The associated data a TOTP secret is sealed with: it opens only on its own account's row. */
const sealOwner = (accountId: string) => `totp:${accountId}`;

function checkOneAnswer(answer: FactorAnswer): void {
  const given = [answer.totp, answer.recoveryCode, answer.passkey].filter((a) => a !== undefined);
  if (given.length !== 1) throw FactorErrors.oneAnswer();
}
