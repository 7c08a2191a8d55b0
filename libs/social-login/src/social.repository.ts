import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';

export interface StateRow {
  code_verifier: string | null;
  redirect_uri: string | null;
  client_code_challenge: string | null;
  live: boolean;
}

/**
 * The `social_login_states` and `login_codes` tables. Both are consumed by DELETE … RETURNING: of
 * several parallel callbacks or exchanges, exactly one gets the row.
 */
@Injectable()
export class SocialRepository {
  constructor(private readonly sql: Sql) {}

  async insertState(state: {
    hash: string;
    provider: string;
    bindingHash: string;
    codeVerifier: string | null;
    redirectUri: string | null;
    clientCodeChallenge: string | null;
    ttlSeconds: number;
  }): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO social_login_states
                    (state_hash, provider, binding_hash, code_verifier, redirect_uri, client_code_challenge, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      values: [
        state.hash,
        state.provider,
        state.bindingHash,
        state.codeVerifier,
        state.redirectUri,
        state.clientCodeChallenge,
        state.ttlSeconds,
      ],
    });
  }

  /** Takes the state away (whether or not it is still live: `live` says). */
  consumeState(hash: string, provider: string, bindingHash: string): Promise<StateRow | undefined> {
    return this.sql.one<StateRow>({
      text: `DELETE FROM social_login_states
              WHERE state_hash = $1 AND provider = $2 AND binding_hash = $3
              RETURNING code_verifier, redirect_uri, client_code_challenge, expires_at > now() AS live`,
      values: [hash, provider, bindingHash],
    });
  }

  async insertLoginCode(code: {
    hash: string;
    accountId: string;
    method: string;
    codeChallenge: string;
    ttlSeconds: number;
  }): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO login_codes (code_hash, account_id, method, code_challenge, expires_at)
             VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      values: [code.hash, code.accountId, code.method, code.codeChallenge, code.ttlSeconds],
    });
  }

  /** Takes the login code away (whether or not it is still live: `live` says). */
  consumeLoginCode(
    hash: string,
  ): Promise<
    { account_id: string; method: string; code_challenge: string | null; live: boolean } | undefined
  > {
    return this.sql.one({
      text: `DELETE FROM login_codes WHERE code_hash = $1
              RETURNING account_id, method, code_challenge, expires_at > now() AS live`,
      values: [hash],
    });
  }
}
