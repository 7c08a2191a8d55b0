import { Injectable } from '@nestjs/common';
import { isUuid, narrowScopes } from '@app/core';
import { AccessTokenService, AppClaims, TokenRejected } from '@app/auth';
import { OAuthErrors } from '../apps.errors';
import { AppTokens } from '../tokens/app-token-resolver';
import { AppTokensRepository } from '../tokens/app-tokens.repository';
import { AuthenticatedClient, ClientAuthentication } from './client-authentication';
import { CodeGrants, CodeGrantResponse } from './code-grants.service';
import type { OAuthParams } from './oauth-params';

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

const GRANT_TYPES = ['client_credentials', 'authorization_code', 'refresh_token'];

/**
 * The authorization server, for every kind of app: the token endpoint — the client-credentials grant of a
 * store app (RFC 6749 §4.4) here, an installable app's authorization-code and refresh-token grants in
 * CodeGrants — revocation (RFC 7009) and introspection (RFC 7662). One client authentication
 * (ClientAuthentication) tells the kinds apart by the row it finds, and one resolver (AppTokens) decides
 * whether any app token is live.
 */
@Injectable()
export class OAuthServerService {
  constructor(
    private readonly clients: ClientAuthentication,
    private readonly codeGrants: CodeGrants,
    private readonly appTokens: AppTokens,
    private readonly tokensRepository: AppTokensRepository,
    private readonly tokens: AccessTokenService,
  ) {}

  /**
   * Checks in this order: request syntax (invalid_request), grant type (unsupported_grant_type) — both
   * public knowledge, no database — then the client (invalid_client), then what the grant needs.
   */
  async token(
    params: OAuthParams,
    authorization: string | undefined,
  ): Promise<TokenResponse | CodeGrantResponse> {
    if (params.grant_type === undefined) throw OAuthErrors.invalidRequest('grant_type is required.');
    if (!GRANT_TYPES.includes(params.grant_type)) throw OAuthErrors.unsupportedGrantType();
    const client = await this.clients.authenticate(authorization, params);
    if (client.kind === 'installable') return this.codeGrants.token(params, client);
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
   * tokens are revoked — an access token by jti (kept until it would have expired anyway), an installable
   * app's refresh token with its whole grant (§2.1); anything else is silently left alone, so the endpoint
   * reveals nothing about other clients' tokens.
   */
  async revoke(params: OAuthParams, authorization: string | undefined): Promise<void> {
    if (params.token === undefined) throw OAuthErrors.invalidRequest('token is required.');
    const client = await this.clients.authenticate(authorization, params);
    const claims = this.ownAppClaims(params.token, client);
    if (claims) {
      if (isUuid(claims.jti)) await this.tokensRepository.revokeJti(claims.jti, claims.exp);
      return;
    }
    if (client.kind === 'installable') await this.codeGrants.revokeRefreshToken(client.appId, params.token);
  }

  /** RFC 7662, for the client's own tokens: a dead, unknown or foreign token is `{ active: false }` only. */
  async introspect(params: OAuthParams, authorization: string | undefined): Promise<IntrospectionResponse> {
    if (params.token === undefined) throw OAuthErrors.invalidRequest('token is required.');
    const client = await this.clients.authenticate(authorization, params);
    const claims = this.ownAppClaims(params.token, client);
    if (!claims || !(await this.appTokens.resolve(claims))) return { active: false };
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
}
