import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { APP_CONFIG, APP_SCOPES, AppConfig, Public } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AuthorizationServerMetadataDto,
  IntrospectionResponseDto,
  OAuthErrorDto,
  TokenByValueRequestDto,
  TokenRequestDto,
  TokenResponseDto,
} from './oauth-protocol.dto';
import { readParams } from './oauth-params';
import { IntrospectionResponse, OAuthServerService, TokenResponse } from './oauth-server.service';

const FORM = 'application/x-www-form-urlencoded';
const AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];

/** Token and introspection answers must never be cached (RFC 6749 §5.1, RFC 7662 §4). */
function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

/**
 * The OAuth endpoints. They are @Public: the client authenticates inside the handler (Basic or body
 * credentials), and they parse their own parameters so that every error — also a malformed body —
 * comes in the RFC 6749 §5.2 form rather than problem+json.
 */
@ApiTags('oauth')
@ApiBasicAuth()
@Controller('v1/auth/oauth')
export class OAuthController {
  constructor(private readonly oauth: OAuthServerService) {}

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Access tokens: client_credentials for store apps (§5); authorization_code and refresh_token for installed apps (§13).',
    description:
      'Client authentication by HTTP Basic (client_secret_basic, id and secret form-urlencoded) or by ' +
      'client_id/client_secret in the body (client_secret_post) — not both. Store apps get no refresh token; ' +
      'installed apps get a rotating refresh_token and their store_id.',
  })
  @ApiConsumes(FORM, 'application/json')
  @ApiBody({ type: TokenRequestDto })
  @ApiOkResponse({
    type: TokenResponseDto,
    description: 'With Cache-Control: no-store and Pragma: no-cache.',
  })
  @ApiBadRequestResponse({
    type: OAuthErrorDto,
    description: 'invalid_request, unsupported_grant_type, invalid_scope, invalid_grant, unauthorized_client',
  })
  @ApiUnauthorizedResponse({
    type: OAuthErrorDto,
    description: 'invalid_client (WWW-Authenticate: Basic after Basic)',
  })
  token(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenResponse> {
    noStore(reply);
    return this.oauth.token(readParams(request.body), request.headers.authorization);
  }

  @Public()
  @Post('revoke')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Revoke one of the client’s access tokens, or an installed app’s refresh token with its whole grant (RFC 7009); 200 also for an unknown token.',
  })
  @ApiConsumes(FORM, 'application/json')
  @ApiBody({ type: TokenByValueRequestDto })
  @ApiOkResponse({ description: 'Empty body.' })
  @ApiBadRequestResponse({ type: OAuthErrorDto, description: 'invalid_request' })
  @ApiUnauthorizedResponse({ type: OAuthErrorDto, description: 'invalid_client' })
  async revoke(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    noStore(reply);
    await this.oauth.revoke(readParams(request.body), request.headers.authorization);
  }

  @Public()
  @Post('introspect')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Introspect one of the client’s access tokens (RFC 7662); dead or foreign → {active:false}.',
  })
  @ApiConsumes(FORM, 'application/json')
  @ApiBody({ type: TokenByValueRequestDto })
  @ApiOkResponse({ type: IntrospectionResponseDto })
  @ApiBadRequestResponse({ type: OAuthErrorDto, description: 'invalid_request' })
  @ApiUnauthorizedResponse({ type: OAuthErrorDto, description: 'invalid_client' })
  introspect(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IntrospectionResponse> {
    noStore(reply);
    return this.oauth.introspect(readParams(request.body), request.headers.authorization);
  }
}

/** RFC 8414 authorization server metadata, so stock OAuth clients configure themselves. */
@ApiTags('oauth')
@Controller('.well-known')
export class WellKnownController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get('oauth-authorization-server')
  @ApiOperation({ summary: 'OAuth 2.0 authorization server metadata (RFC 8414); issuer = PUBLIC_URL.' })
  @ApiOkResponse({ type: AuthorizationServerMetadataDto })
  metadata(): AuthorizationServerMetadataDto {
    const base = this.config.publicUrl;
    return {
      issuer: base,
      token_endpoint: `${base}/v1/auth/oauth/token`,
      revocation_endpoint: `${base}/v1/auth/oauth/revoke`,
      introspection_endpoint: `${base}/v1/auth/oauth/introspect`,
      // Installed apps (§13): the authorization-code grant with PKCE S256 (required), refresh tokens, and
      // RFC 9207's `iss` in every authorization response.
      authorization_endpoint: `${base}/v1/auth/oauth/authorize`,
      grant_types_supported: ['client_credentials', 'authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: AUTH_METHODS,
      revocation_endpoint_auth_methods_supported: AUTH_METHODS,
      introspection_endpoint_auth_methods_supported: AUTH_METHODS,
      scopes_supported: [...APP_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${base}/docs`,
    };
  }
}
