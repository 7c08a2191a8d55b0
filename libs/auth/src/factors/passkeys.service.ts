import { Injectable } from '@nestjs/common';
import { AccountCaller, isUuid } from '@app/core';
import { FactorErrors } from './factors.errors';
import { FactorsRepository } from './factors.repository';
import { PasskeysRepository } from './passkeys.repository';
import { challengeOf, PASSKEY_CHALLENGE_TTL, RelyingParty } from './relying-party';
import { SecondFactorsService } from './second-factors.service';

export interface PasskeyAdded {
  id: string;
  name: string;
  createdAt: string;
  recoveryCodes: string[] | null;
}

/**
 * Adding and removing passkeys (contract §19). The creation options' challenge is bound to the session
 * that asked for them (which passed step-up there when the account already had a factor), so the
 * registration that answers it needs no second step-up. Like a confirmed authenticator app, a passkey
 * counts as verifying a factor in this session; the account's first factor comes with recovery codes.
 * Answering with a passkey (sign-in, step-up) is SecondFactorsService's.
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly factors: FactorsRepository,
    private readonly passkeys: PasskeysRepository,
    private readonly relyingParty: RelyingParty,
    private readonly secondFactors: SecondFactorsService,
  ) {}

  async creationOptions(caller: AccountCaller) {
    const state = await this.secondFactors.stateOf(caller.accountId);
    const existing = await this.passkeys.list(caller.accountId);
    const options = await this.relyingParty.creationOptions(
      { id: caller.accountId, email: state.email },
      existing,
    );
    await this.passkeys.saveChallenge(
      options.challenge,
      'register',
      { accountId: caller.accountId, sessionId: caller.sessionId },
      PASSKEY_CHALLENGE_TTL,
    );
    return options;
  }

  async add(caller: AccountCaller, name: string, response: object): Promise<PasskeyAdded> {
    const { accountId, sessionId } = caller;
    const challenge = challengeOf(response);
    if (!challenge) throw FactorErrors.invalidRegistration();
    // Spent before it is checked: a challenge answers one registration, right or wrong.
    if (!(await this.passkeys.spendChallenge(challenge, 'register', { accountId, sessionId }))) {
      throw FactorErrors.invalidRegistration();
    }
    const credential = await this.relyingParty.verifyRegistration(response, challenge);
    if (!credential) throw FactorErrors.invalidRegistration();
    const outcome = await this.factors.lockedForAccount(accountId, async (tx) => {
      const state = await this.secondFactors.stateOf(accountId, tx);
      const row = await this.passkeys.insert(tx, accountId, name, credential);
      if (!row) return null;
      const recoveryCodes = state.second_factor
        ? null
        : await this.secondFactors.newRecoveryCodes(tx, accountId);
      await this.factors.refreshSecondFactor(tx, accountId);
      await this.factors.markSessionVerified(tx, accountId, sessionId);
      return { row, recoveryCodes, email: state.email };
    });
    if (!outcome) throw FactorErrors.passkeyTaken();
    await this.secondFactors.notify(outcome.email, `A passkey ("${outcome.row.name}") was added`);
    return {
      id: outcome.row.id,
      name: outcome.row.name,
      createdAt: outcome.row.createdAt.toISOString(),
      recoveryCodes: outcome.recoveryCodes,
    };
  }

  /** Removes one of the account's passkeys; with the last factor the recovery codes go too. */
  async remove(caller: AccountCaller, id: string): Promise<void> {
    const { accountId } = caller;
    if (!isUuid(id)) throw FactorErrors.noFactor();
    const outcome = await this.factors.lockedForAccount(accountId, async (tx) => {
      const state = await this.secondFactors.stateOf(accountId, tx);
      const removed = (await this.passkeys.list(accountId, tx)).find((p) => p.id === id);
      if (!removed || !(await this.passkeys.remove(tx, accountId, id))) return null;
      if (!(await this.factors.refreshSecondFactor(tx, accountId))) {
        await this.factors.deleteRecoveryCodes(tx, accountId);
      }
      return { email: state.email, name: removed.name };
    });
    if (!outcome) throw FactorErrors.noFactor();
    await this.secondFactors.notify(outcome.email, `The passkey "${outcome.name}" was removed`);
  }
}
