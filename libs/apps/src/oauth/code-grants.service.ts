import { Injectable } from '@nestjs/common';
import { APP_SCOPES, canonicalScopes, narrowScopes, SecretHasher, SecretKind } from '@app/core';
import { AccessTokenService } from '@app/auth';
import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuthErrors } from '../apps.errors';
import { InstallationsRepository } from '../installations/installations.repository';
import { CODE_PURPOSE } from './authorization.service';
import type { AuthenticatedClient } from './client-authentication';
import type { OAuthParams } from './oauth-params';

/** An installed app's token answer (§13): a client-credentials answer plus the refresh token and the store. */
export interface CodeGrantResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token: string;
  store_id: string;
}

/** An installed app's refresh token: handed out once (at each rotation), kept as a keyed hash. */
const REFRESH_TOKEN: SecretKind = { prefix: 'sfr_', purpose: 'app_refresh_token' };
const MAX_SECRET = 256;
/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type Client = Pick<AuthenticatedClient, 'appId' | 'secretVersion'>;

/** RFC 7636 §4.6, compared in constant time: BASE64URL(SHA256(verifier)) equals the challenge. */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The token endpoint's grants for installable apps (§13), once ClientAuthentication has authenticated one:
 * the authorization-code grant (PKCE S256, the code's bindings — its installation among them — and replay),
 * the refresh-token grant (rotation with one live successor: the previous token usable again only while its
 * replacement is unused, and then replacing it; any other token of the grant is reuse and revokes it), and
 * RFC 7009 for a refresh token.
 */
@Injectable()
export class CodeGrants {
  constructor(
    private readonly installations: InstallationsRepository,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenService,
  ) {}

  token(params: OAuthParams, client: Client): Promise<CodeGrantResponse> {
    switch (params.grant_type) {
      case 'authorization_code':
        return this.exchangeCode(params, client);
      case 'refresh_token':
        return this.refresh(params, client);
      case 'client_credentials':
        throw OAuthErrors.unauthorizedClient(
          'An installed app acts for a store through the authorization-code grant, not client_credentials.',
        );
      default:
        throw OAuthErrors.unsupportedGrantType();
    }
  }

  /**
   * The code is taken first (one conditional UPDATE: single use, also under concurrency), then checked
   * against everything it is bound to; a failed check still uses it up. A code presented again is
   * `invalid_grant`, and the grant its first exchange made is revoked.
   */
  private async exchangeCode(params: OAuthParams, client: Client): Promise<CodeGrantResponse> {
    if (params.code === undefined) throw OAuthErrors.invalidRequest('code is required.');
    const codeHash = this.hasher.hash(CODE_PURPOSE, params.code);
    const refreshToken = this.hasher.issue(REFRESH_TOKEN);
    // One transaction from the take to the grant, so a replay racing the first exchange waits on the code's
    // row and then finds its grant to revoke. A refused exchange still commits: the code is used up.
    const outcome = await this.installations.transaction(async (tx) => {
      const { code } = await this.installations.takeCode(tx, codeHash);
      if (!code || !code.fresh || code.app_id !== client.appId) {
        return { refused: 'The code is invalid, expired or already used.' };
      }
      if (params.redirect_uri === undefined || params.redirect_uri !== code.redirect_uri) {
        return { refused: 'redirect_uri must equal the one of the authorization request.' };
      }
      const verifier = params.code_verifier;
      if (
        verifier === undefined ||
        !CODE_VERIFIER.test(verifier) ||
        !verifierMatches(verifier, code.code_challenge)
      ) {
        return { refused: 'code_verifier does not match the code_challenge.' };
      }
      // The code's own installation (an uninstall deleted the code with it), while it holds the code's scopes.
      const grant = await this.installations.insertGrant(tx, {
        installationId: code.installation_id,
        scopes: code.scopes,
        codeHash,
        refreshHash: refreshToken.hash,
      });
      if (!grant) return { refused: 'The installation no longer holds the scopes of this code.' };
      return { grant: { ...grant, store_id: code.store_id, scopes: code.scopes } };
    });
    if (!outcome.grant) throw OAuthErrors.invalidGrant(outcome.refused!);
    return this.answer(client, outcome.grant, refreshToken.value);
  }

  private async refresh(params: OAuthParams, client: Client): Promise<CodeGrantResponse> {
    if (params.refresh_token === undefined) throw OAuthErrors.invalidRequest('refresh_token is required.');
    const presented = params.refresh_token;
    const invalid = () => OAuthErrors.invalidGrant('The refresh token is invalid, revoked or was reused.');
    if (presented.length > MAX_SECRET) throw invalid();
    // A narrower scope: known scopes here, a subset of the grant's in the statement.
    const asked = params.scope === undefined ? null : narrowScopes(params.scope, APP_SCOPES);
    if (asked === null && params.scope !== undefined) throw this.badScope();
    const next = this.hasher.issue(REFRESH_TOKEN);
    const row = await this.installations.rotateRefreshToken(
      this.hasher.hash(REFRESH_TOKEN.purpose, presented),
      client.appId,
      next.hash,
      asked,
    );
    if (!row || row.refused) throw invalid();
    if (!row.scope_ok) throw this.badScope(row.scopes);
    if (!row.issued) throw invalid();
    return this.answer(
      client,
      {
        id: row.grant_id,
        installation_id: row.installation_id,
        store_id: row.store_id,
        scopes: asked ?? row.scopes,
      },
      next.value,
    );
  }

  private badScope(grant?: string[]) {
    return OAuthErrors.invalidScope(
      grant
        ? `scope must be a space-separated subset of: ${grant.join(' ')}.`
        : 'scope must be space-separated known scopes.',
    );
  }

  private answer(
    client: Client,
    grant: { id: string; installation_id: string; store_id: string; scopes: string[] },
    refreshToken: string,
  ): CodeGrantResponse {
    const scopes = canonicalScopes(grant.scopes);
    const { token, expiresIn } = this.tokens.signApp(
      client.appId,
      grant.store_id,
      scopes,
      client.secretVersion,
      {
        iid: grant.installation_id,
        gid: grant.id,
      },
    );
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: scopes.join(' '),
      refresh_token: refreshToken,
      store_id: grant.store_id,
    };
  }

  async revokeRefreshToken(appId: string, token: string): Promise<void> {
    if (token.length > MAX_SECRET) return;
    await this.installations.revokeByRefreshToken(this.hasher.hash(REFRESH_TOKEN.purpose, token), appId);
  }
}
