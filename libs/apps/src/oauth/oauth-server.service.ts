import { Inject, Injectable, Optional } from '@nestjs/common';
import { narrowScopes, randomSecret, SecretHasher, isUuid } from '@app/core';
import { AccessTokenService, AppClaims, TokenRejected } from '@app/auth';
import { AppTokenLiveness } from '../app-token-liveness.service';
import { OAuthAppsRepository } from '../oauth-apps.repository';
import { CLIENT_SECRET_PURPOSE } from '../oauth-apps.service';
import { OAuthErrors } from '../oauth-apps.errors';
import { ClientCredentials, OAuthParams, readClientCredentials } from './oauth-params';
import {
  INSTALLED_APP_GRANTS,
  InstalledAppGrants,
  InstalledTokenResponse,
} from './installed-app-grants.port';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export type IntrospectionResponse =
  | { active: false }
  | {
      active: true;
      scope: string;
      client_id: string;
      token_type: 'Bearer';
      exp: number;
      iat: number;
      sub: string;
      iss: string;
      store_id: string;
    };

interface AuthenticatedClient {
  appId: string;
  clientId: string;
  storeId: string;
  scopes: string[];
  secretVersion: number;
}

const MAX_CLIENT_ID = 64;
const GRANT_TYPES = ['client_credentials', 'authorization_code', 'refresh_token'];
const MAX_SECRET = 256;

/** The authorization server: client-credentials grant (RFC 6749 §4.4), revocation (RFC 7009), introspection (RFC 7662). */
@Injectable()
export class OAuthServerService {
  /** Compared against when the client id is unknown, so response time does not tell which ids exist. */
  private readonly decoyHash: string;

  constructor(
    private readonly apps: OAuthAppsRepository,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenService,
    private readonly liveness: AppTokenLiveness,
    @Optional() @Inject(INSTALLED_APP_GRANTS) private readonly installed: InstalledAppGrants | null,
  ) {
    this.decoyHash = hasher.hash(CLIENT_SECRET_PURPOSE, randomSecret('sfs_'));
  }

  /**
   * Checks in this order: request syntax (invalid_request), grant type (unsupported_grant_type) — both
   * public knowledge, no database — then the client (invalid_client), then the scope (invalid_scope).
   */
  async token(
    params: OAuthParams,
    authorization: string | undefined,
  ): Promise<TokenResponse | InstalledTokenResponse> {
    if (params.grant_type === undefined) throw OAuthErrors.invalidRequest('grant_type is required.');
    if (!GRANT_TYPES.includes(params.grant_type)) throw OAuthErrors.unsupportedGrantType();
    const credentials = readClientCredentials(authorization, params);
    // Installed apps (§13) are told apart by their client id's prefix: their grants are theirs.
    const installed = this.installedClient(credentials);
    if (installed) return installed.token(params, await installed.authenticate(credentials));
    const client = await this.authenticate(credentials);
    if (params.grant_type !== 'client_credentials') {
      throw OAuthErrors.unauthorizedClient(
        'A store app uses grant_type=client_credentials; authorization_code and refresh_token are for installed apps.',
      );
    }
    const scopes = narrowScopes(params.scope, client.scopes);
    if (!scopes) {
      throw OAuthErrors.invalidScope(
        `scope must be a space-separated subset of: ${client.scopes.join(' ')}.`,
      );
    }
    const { token, expiresIn } = this.tokens.signApp(
      client.appId,
      client.storeId,
      scopes,
      client.secretVersion,
    );
    return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: scopes.join(' ') };
  }

  /**
   * RFC 7009: 200 whether or not the token was known or live. Only the authenticating client's own
   * access tokens are revoked (by jti, kept until the token would have expired anyway); anything else
   * is silently left alone, so the endpoint reveals nothing about other clients' tokens.
   */
  async revoke(params: OAuthParams, authorization: string | undefined): Promise<void> {
    if (params.token === undefined) throw OAuthErrors.invalidRequest('token is required.');
    const credentials = readClientCredentials(authorization, params);
    const installed = this.installedClient(credentials);
    if (installed) {
      // An installed app's access token (by jti, as below) or refresh token (its whole grant, RFC 7009 §2.1).
      const { appId } = await installed.authenticate(credentials);
      const claims = this.ownAppClaims(params.token, { appId });
      if (claims && isUuid(claims.jti)) return this.apps.revokeToken(claims.jti, claims.exp);
      if (!claims) await installed.revokeRefreshToken(appId, params.token);
      return;
    }
    const client = await this.authenticate(credentials);
    const claims = this.ownAppClaims(params.token, client);
    if (!claims || !isUuid(claims.jti)) return;
    await this.apps.revokeToken(claims.jti, claims.exp);
  }

  /** RFC 7662, for the client's own tokens: a dead, unknown or foreign token is `{ active: false }` only. */
  async introspect(params: OAuthParams, authorization: string | undefined): Promise<IntrospectionResponse> {
    if (params.token === undefined) throw OAuthErrors.invalidRequest('token is required.');
    const credentials = readClientCredentials(authorization, params);
    const installed = this.installedClient(credentials);
    const client = installed
      ? { ...(await installed.authenticate(credentials)), clientId: credentials.clientId }
      : await this.authenticate(credentials);
    const claims = this.ownAppClaims(params.token, client);
    const resolver = installed && claims?.iid ? installed : claims?.iid ? null : this.liveness;
    if (!claims || !resolver || !(await resolver.resolve(claims))) return { active: false };
    return {
      active: true,
      scope: claims.scope,
      client_id: client.clientId,
      token_type: 'Bearer',
      exp: claims.exp,
      iat: claims.iat,
      sub: claims.sub,
      iss: claims.iss,
      store_id: claims.store_id,
    };
  }

  /** The installed-apps grants when the client id is one of theirs (and they are wired). */
  private installedClient(credentials: ClientCredentials): InstalledAppGrants | null {
    return this.installed && credentials.clientId.startsWith(this.installed.clientIdPrefix)
      ? this.installed
      : null;
  }

  private ownAppClaims(token: string, client: { appId: string }): AppClaims | null {
    try {
      const claims = this.tokens.verify(token);
      return claims.typ === 'app' && claims.sub === client.appId ? claims : null;
    } catch (error) {
      if (error instanceof TokenRejected) return null;
      throw error;
    }
  }

  private async authenticate(credentials: ClientCredentials): Promise<AuthenticatedClient> {
    const { clientId, clientSecret, basic } = credentials;
    if (clientId.length > MAX_CLIENT_ID || clientSecret.length > MAX_SECRET) {
      throw OAuthErrors.invalidClient(basic);
    }
    const row = await this.apps.byClientId(clientId);
    // Always one constant-time comparison, known client or not.
    const matches = this.hasher.matches(
      CLIENT_SECRET_PURPOSE,
      clientSecret,
      row?.secret_hash ?? this.decoyHash,
    );
    if (!row || !matches) throw OAuthErrors.invalidClient(basic);
    return {
      appId: row.id,
      clientId,
      storeId: row.store_id,
      scopes: row.scopes,
      secretVersion: row.secret_version,
    };
  }
}
