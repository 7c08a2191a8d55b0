import { Injectable } from '@nestjs/common';
import {
  APP_SCOPES,
  AppCaller,
  canonicalScopes,
  isUuid,
  narrowScopes,
  randomSecret,
  SecretHasher,
} from '@app/core';
import { AccessTokenService, type AppClaims } from '@app/auth';
import type {
  ClientCredentials,
  InstalledAppGrants,
  InstalledTokenResponse,
  OAuthParams,
} from '@app/oauth-apps';
import { createHash, timingSafeEqual } from 'node:crypto';
import { CODE_PURPOSE } from './authorization.service';
import { DeveloperAppsRepository } from './developer-apps.repository';
import { CLIENT_SECRET_PURPOSE, INSTALLABLE_CLIENT_ID_PREFIX } from './developer-apps.service';
import { InstallationsRepository } from './installations.repository';
import { GrantErrors } from './installed-apps.errors';

const REFRESH_PURPOSE = 'app_refresh_token';
const REFRESH_PREFIX = 'sfr_';
const MAX_CLIENT_ID = 64;
const MAX_SECRET = 256;
const MAX_INT4 = 2_147_483_647;
/** RFC 7636 §4.1: 43–128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

interface Client {
  appId: string;
  secretVersion: number;
}

/** RFC 7636 §4.6, compared in constant time: BASE64URL(SHA256(verifier)) equals the challenge. */
function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The token endpoint's half for installed apps (§13), behind oauth-apps' INSTALLED_APP_GRANTS port:
 * client authentication, the authorization-code grant (PKCE S256, the code's bindings — its installation
 * among them — and replay), the refresh-token grant (rotation with one live successor: the previous token
 * usable again only while its replacement is unused, and then replacing it; any other token of the grant is
 * reuse and revokes it), and the revocation read of their access tokens.
 */
@Injectable()
export class InstalledAppGrantsService implements InstalledAppGrants {
  readonly clientIdPrefix = INSTALLABLE_CLIENT_ID_PREFIX;
  /** Compared against when the client id is unknown, so response time does not tell which ids exist. */
  private readonly decoyHash: string;

  constructor(
    private readonly apps: DeveloperAppsRepository,
    private readonly installations: InstallationsRepository,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenService,
  ) {
    this.decoyHash = hasher.hash(CLIENT_SECRET_PURPOSE, randomSecret('sfs_'));
  }

  async authenticate(credentials: ClientCredentials): Promise<Client> {
    const { clientId, clientSecret, basic } = credentials;
    if (clientId.length > MAX_CLIENT_ID || clientSecret.length > MAX_SECRET)
      throw GrantErrors.invalidClient(basic);
    const row = await this.apps.byClientId(clientId);
    // Always one constant-time comparison, known client or not.
    const matches = this.hasher.matches(
      CLIENT_SECRET_PURPOSE,
      clientSecret,
      row?.secret_hash ?? this.decoyHash,
    );
    if (!row || !matches) throw GrantErrors.invalidClient(basic);
    return { appId: row.id, secretVersion: row.secret_version };
  }

  token(params: OAuthParams, client: { appId: string }): Promise<InstalledTokenResponse> {
    const authenticated = client as Client;
    switch (params.grant_type) {
      case 'authorization_code':
        return this.exchangeCode(params, authenticated);
      case 'refresh_token':
        return this.refresh(params, authenticated);
      case 'client_credentials':
        throw GrantErrors.unauthorizedClient(
          'An installed app acts for a store through the authorization-code grant, not client_credentials.',
        );
      default:
        throw GrantErrors.unsupportedGrantType();
    }
  }

  /**
   * The code is taken first (one conditional UPDATE: single use, also under concurrency), then checked
   * against everything it is bound to; a failed check still uses it up. A code presented again is
   * `invalid_grant`, and the grant its first exchange made is revoked.
   */
  private async exchangeCode(params: OAuthParams, client: Client): Promise<InstalledTokenResponse> {
    if (params.code === undefined) throw GrantErrors.invalidRequest('code is required.');
    const codeHash = this.hasher.hash(CODE_PURPOSE, params.code);
    const refreshToken = randomSecret(REFRESH_PREFIX);
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
        refreshHash: this.hasher.hash(REFRESH_PURPOSE, refreshToken),
      });
      if (!grant) return { refused: 'The installation no longer holds the scopes of this code.' };
      return { grant: { ...grant, store_id: code.store_id, scopes: code.scopes } };
    });
    if (!outcome.grant) throw GrantErrors.invalidGrant(outcome.refused!);
    return this.answer(client, outcome.grant, refreshToken);
  }

  private async refresh(params: OAuthParams, client: Client): Promise<InstalledTokenResponse> {
    if (params.refresh_token === undefined) throw GrantErrors.invalidRequest('refresh_token is required.');
    const presented = params.refresh_token;
    const invalid = () => GrantErrors.invalidGrant('The refresh token is invalid, revoked or was reused.');
    if (presented.length > MAX_SECRET) throw invalid();
    // A narrower scope: known scopes here, a subset of the grant's in the statement.
    const asked = params.scope === undefined ? null : narrowScopes(params.scope, APP_SCOPES);
    if (asked === null && params.scope !== undefined) throw this.badScope();
    const next = randomSecret(REFRESH_PREFIX);
    const row = await this.installations.rotateRefreshToken(
      this.hasher.hash(REFRESH_PURPOSE, presented),
      client.appId,
      this.hasher.hash(REFRESH_PURPOSE, next),
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
      next,
    );
  }

  private badScope(grant?: string[]) {
    return GrantErrors.invalidScope(
      grant
        ? `scope must be a space-separated subset of: ${grant.join(' ')}.`
        : 'scope must be space-separated known scopes.',
    );
  }

  private answer(
    client: Client,
    grant: { id: string; installation_id: string; store_id: string; scopes: string[] },
    refreshToken: string,
  ): InstalledTokenResponse {
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
    await this.installations.revokeByRefreshToken(this.hasher.hash(REFRESH_PURPOSE, token), appId);
  }

  /**
   * The revocation read of an installed app's access token, on every request that carries one: one
   * prepared statement (InstallationsRepository.isTokenLive) — the grant, the installation, the app's
   * secret generation and the jti together.
   */
  async resolve(claims: AppClaims): Promise<AppCaller | null> {
    const ver = claims.ver;
    if (![claims.sub, claims.store_id, claims.jti, claims.iid, claims.gid].every(isUuid)) return null;
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 1 || ver > MAX_INT4) return null;
    const live = await this.installations.isTokenLive({
      grantId: claims.gid!,
      installationId: claims.iid!,
      appId: claims.sub,
      storeId: claims.store_id,
      ver,
      jti: claims.jti,
    });
    if (!live) return null;
    return {
      kind: 'app',
      appId: claims.sub,
      storeId: claims.store_id,
      scopes: canonicalScopes(claims.scope.split(' ')),
      jti: claims.jti,
      installationId: claims.iid,
    };
  }
}
