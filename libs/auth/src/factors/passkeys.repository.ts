import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import type { NewCredential, StoredCredential } from './relying-party';

/** What a WebAuthn challenge was handed out for. */
export type ChallengePurpose = 'register' | 'mfa' | 'step_up' | 'login';

/** Whom a challenge was handed to: it is spent only by the same account, session or mfaToken. */
export interface ChallengeBinding {
  accountId?: string;
  sessionId?: string;
  mfaTokenHash?: string;
}

export interface PasskeyRow extends StoredCredential {
  id: string;
  accountId: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A binding as the three nullable columns it is stored in ($3, $4, $5 of the challenge statements). */
const bindingValues = (b: ChallengeBinding) => [
  b.accountId ?? null,
  b.sessionId ?? null,
  b.mfaTokenHash ?? null,
];

const COLUMNS = `id, account_id AS "accountId", name, credential_id AS "credentialId", public_key AS "publicKey",
                 counter::float8 AS counter, transports, created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

/**
 * The `passkeys` and `webauthn_challenges` tables. A challenge is spent by one conditional DELETE (so of
 * two requests answering it, on any instances, one gets it); a passkey's counter moves by a conditional
 * UPDATE on the value that was verified against.
 */
@Injectable()
export class PasskeysRepository {
  constructor(private readonly sql: Sql) {}

  async saveChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    binding: ChallengeBinding,
    ttl: number,
  ): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO webauthn_challenges (challenge, purpose, account_id, session_id, mfa_token_hash, expires_at)
             VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      values: [challenge, purpose, ...bindingValues(binding), ttl],
    });
  }

  /** Spends a live challenge handed out for this purpose to this binding; true for exactly one caller. */
  async spendChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    binding: ChallengeBinding,
    tx?: EntityManager,
  ): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `DELETE FROM webauthn_challenges
                WHERE challenge = $1 AND purpose = $2 AND expires_at > now()
                  AND account_id IS NOT DISTINCT FROM $3::uuid AND session_id IS NOT DISTINCT FROM $4::uuid
                  AND mfa_token_hash IS NOT DISTINCT FROM $5
                RETURNING 1`,
        values: [challenge, purpose, ...bindingValues(binding)],
      },
      tx,
    );
    return rowCount === 1;
  }

  async list(accountId: string, tx?: EntityManager): Promise<PasskeyRow[]> {
    const { rows } = await this.sql.run<PasskeyRow>(
      {
        text: `SELECT ${COLUMNS} FROM passkeys WHERE account_id = $1 ORDER BY created_at, id`,
        values: [accountId],
      },
      tx,
    );
    return rows;
  }

  /** The passkey with this credential id, of this account when one is given. */
  byCredential(
    credentialId: string,
    accountId?: string,
    tx?: EntityManager,
  ): Promise<PasskeyRow | undefined> {
    return this.sql.one<PasskeyRow>(
      {
        text: `SELECT ${COLUMNS} FROM passkeys
                WHERE credential_id = $1 AND ($2::uuid IS NULL OR account_id = $2::uuid)`,
        values: [credentialId, accountId ?? null],
      },
      tx,
    );
  }

  /** Stores a new credential; undefined when that credential is already registered (to anyone). */
  insert(
    tx: EntityManager,
    accountId: string,
    name: string,
    credential: NewCredential,
  ): Promise<PasskeyRow | undefined> {
    return this.sql.one<PasskeyRow>(
      {
        text: `INSERT INTO passkeys (account_id, name, credential_id, public_key, counter, transports)
               VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (credential_id) DO NOTHING
               RETURNING ${COLUMNS}`,
        values: [
          accountId,
          name,
          credential.credentialId,
          credential.publicKey,
          credential.counter,
          credential.transports,
        ],
      },
      tx,
    );
  }

  async remove(tx: EntityManager, accountId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `DELETE FROM passkeys WHERE id = $1 AND account_id = $2 RETURNING 1`,
        values: [id, accountId],
      },
      tx,
    );
    return rowCount === 1;
  }

  /** Records a use: the new counter, if the stored one is still the one the assertion was checked against. */
  async markUsed(
    tx: EntityManager,
    id: string,
    checkedCounter: number,
    newCounter: number,
  ): Promise<boolean> {
    const { rowCount } = await this.sql.run(
      {
        text: `UPDATE passkeys SET counter = $3, last_used_at = now() WHERE id = $1 AND counter = $2`,
        values: [id, checkedCounter, newCounter],
      },
      tx,
    );
    return rowCount === 1;
  }
}
