import { Injectable } from '@nestjs/common';
import { narrowScopes, randomSecret, SecretHasher, isUuid } from '@app/core';
import { AccessTokenService, AppClaims, TokenRejected } from '@app/auth';
import { AppTokenLiveness } from '../app-token-liveness.service';
import { OAuthAppsRepository } from '../oauth-apps.repository';
import { CLIENT_SECRET_PURPOSE } from '../oauth-apps.service';
import { OAuthErrors } from '../oauth-apps.errors';
import { ClientCredentials, OAuthParams, readClientCredentials } from './oauth-params';

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
  ) {
    this.decoyHash = hasher.hash(CLIENT_SECRET_PURPOSE, randomSecret('sfs_'));
  }

  /**
   * Checks in this order: request syntax (invalid_request), grant type (unsupported_grant_type) — both
   * public knowledge, no database — then the client (invalid_client), then the scope (invalid_scope).
   */
  async token(params: OAuthParams, authorization: string | undefined): Promise<TokenResponse> {
    if (params.grant_type === undefined) throw OAuthErrors.invalidRequest('grant_type is required.');
    if (params.grant_type !== 'client_credentials') throw OAuthErrors.unsupportedGrantType();
    const credentials = readClientCredentials(authorization, params);
    const client = await this.authenticate(credentials);
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
    const client = await this.authenticate(credentials);
    const claims = this.ownAppClaims(params.token, client);
    if (!claims || !isUuid(claims.jti)) return;
    await this.apps.revokeToken(claims.jti, claims.exp);
  }

  /** RFC 7662, for the client's own tokens: a dead, unknown or foreign token is `{ active: false }` only. */
  async introspect(params: OAuthParams, authorization: string | undefined): Promise<IntrospectionResponse> {
    if (params.token === undefined) throw OAuthErrors.invalidRequest('token is required.');
    const credentials = readClientCredentials(authorization, params);
    const client = await this.authenticate(credentials);
    const claims = this.ownAppClaims(params.token, client);
    if (!claims || !(await this.liveness.resolve(claims))) return { active: false };
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

  private ownAppClaims(token: string, client: AuthenticatedClient): AppClaims | null {
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
