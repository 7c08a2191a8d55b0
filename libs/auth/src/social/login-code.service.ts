import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomSecret, SecretHasher } from '@app/core';
import { DataSource } from 'typeorm';
import { SocialErrors } from './social.errors';

export const LOGIN_CODE_TTL_SECONDS = 60;
const LOGIN_CODE_PURPOSE = 'login_code';
const LOGIN_CODE_PREFIX = 'sfl_';

/**
 * The one-time codes that carry a finished social sign-in to a redirect_uri: 60 seconds, single use,
 * stored only as a keyed hash. The account they sign in to is decided at the callback; the session is
 * opened at the exchange (so it records the browser that exchanged the code).
 */
@Injectable()
export class LoginCodeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly hasher: SecretHasher,
  ) {}

  async issue(accountId: string, method: string): Promise<string> {
    const code = randomSecret(LOGIN_CODE_PREFIX);
    await this.db.query(`DELETE FROM login_codes WHERE expires_at < now()`);
    await this.db.query(
      `INSERT INTO login_codes (code_hash, account_id, method, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [this.hasher.hash(LOGIN_CODE_PURPOSE, code), accountId, method, LOGIN_CODE_TTL_SECONDS],
    );
    return code;
  }

  /**
   * Consumes a code. The DELETE … RETURNING is the single-use guarantee: of N parallel exchanges of one
   * code, exactly one gets the row. A used, expired or unknown code is the same 401.
   */
  async consume(code: string): Promise<{ accountId: string; method: string }> {
    if (!code.startsWith(LOGIN_CODE_PREFIX)) throw SocialErrors.loginCodeRejected();
    const rows = (await this.db.query(
      `DELETE FROM login_codes WHERE code_hash = $1
        RETURNING account_id, method, expires_at > now() AS live`,
      [this.hasher.hash(LOGIN_CODE_PURPOSE, code)],
    )) as [{ account_id: string; method: string; live: boolean }[], number];
    const row = rows[0][0];
    if (!row || !row.live) throw SocialErrors.loginCodeRejected();
    return { accountId: row.account_id, method: row.method };
  }
}
