import { Injectable } from '@nestjs/common';
import { randomSecret, SecretHasher } from '@app/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import { SocialErrors } from './social.errors';
import { SocialRepository } from './social.repository';

export const LOGIN_CODE_TTL_SECONDS = 60;

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)) equals the challenge, compared in constant time. */
export function challengeMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
const LOGIN_CODE_PURPOSE = 'login_code';
const LOGIN_CODE_PREFIX = 'sfl_';

/**
 * The one-time codes that carry a finished social sign-in to a redirect_uri: 60 seconds, single use,
 * stored only as a keyed hash, bound to the PKCE challenge of the page that started the sign-in.
 * The account they sign in to is decided at the callback; the session is opened at the exchange (so
 * it records the browser that exchanged the code). Expired rows are removed by the purge job.
 */
@Injectable()
export class LoginCodeService {
  constructor(
    private readonly social: SocialRepository,
    private readonly hasher: SecretHasher,
  ) {}

  /** A code for a finished sign-in, bound to the S256 challenge of the page that started it. */
  async issue(accountId: string, method: string, codeChallenge: string): Promise<string> {
    const code = randomSecret(LOGIN_CODE_PREFIX);
    await this.social.insertLoginCode({
      hash: this.hasher.hash(LOGIN_CODE_PURPOSE, code),
      accountId,
      method,
      codeChallenge,
      ttlSeconds: LOGIN_CODE_TTL_SECONDS,
    });
    return code;
  }

  /**
   * Consumes a code. The DELETE … RETURNING is the single-use guarantee: of N parallel exchanges of one
   * code, exactly one gets the row. A used, expired or unknown code is the same 401. The verifier is
   * checked after the code is spent, so a wrong verifier also burns it: whoever holds a stolen code
   * gets one try, and without the page's verifier that try fails (400 invalid_code_verifier). That is
   * what stops login CSRF: an attacker can mail a victim a fresh login_code of the attacker's own
   * account, but the victim's page does not hold the attacker's verifier.
   */
  async consume(code: string, codeVerifier: string): Promise<{ accountId: string; method: string }> {
    if (!code.startsWith(LOGIN_CODE_PREFIX)) throw SocialErrors.loginCodeRejected();
    const row = await this.social.consumeLoginCode(this.hasher.hash(LOGIN_CODE_PURPOSE, code));
    if (!row || !row.live) throw SocialErrors.loginCodeRejected();
    if (!row.code_challenge || !challengeMatches(codeVerifier, row.code_challenge)) {
      throw SocialErrors.codeVerifierMismatch();
    }
    return { accountId: row.account_id, method: row.method };
  }
}
