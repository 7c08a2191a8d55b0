import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APP_SCOPES } from '@app/core';

/** OpenAPI shapes of the OAuth endpoints (the handlers parse their bodies themselves, RFC-style). */
export class TokenRequestDto {
  @ApiProperty({ enum: ['client_credentials', 'authorization_code', 'refresh_token'] }) grant_type!: string;
  @ApiPropertyOptional({ description: 'Space-separated subset of the app’s scopes; default all of them.' })
  scope?: string;
  @ApiPropertyOptional({ description: 'client_secret_post only (else HTTP Basic).' }) client_id?: string;
  @ApiPropertyOptional({ description: 'client_secret_post only (else HTTP Basic).' }) client_secret?: string;
  @ApiPropertyOptional({ description: 'authorization_code: the code from the redirect.' }) code?: string;
  @ApiPropertyOptional({ description: 'authorization_code: the redirect_uri of the authorize request.' })
  redirect_uri?: string;
  @ApiPropertyOptional({ description: 'authorization_code: the PKCE verifier (RFC 7636).' })
  code_verifier?: string;
  @ApiPropertyOptional({ description: 'refresh_token: the current refresh token.' }) refresh_token?: string;
}

export class TokenResponseDto {
  @ApiProperty({ description: 'A JWT with typ "app" (installed apps: with `iid`, the installation).' })
  access_token!: string;
  @ApiProperty({ example: 'Bearer' }) token_type!: string;
  @ApiProperty({ example: 3600 }) expires_in!: number;
  @ApiProperty({ example: 'store:read products:read' }) scope!: string;
  @ApiPropertyOptional({ description: 'Installed apps only: the next refresh token (rotates on every use).' })
  refresh_token?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Installed apps only: the store it acts for.' })
  store_id?: string;
}

export class TokenByValueRequestDto {
  @ApiProperty({ description: 'The access token.' }) token!: string;
  @ApiPropertyOptional({
    enum: ['access_token', 'refresh_token'],
    description: 'Accepted and ignored (the token says what it is).',
  })
  token_type_hint?: string;
  @ApiPropertyOptional({ description: 'client_secret_post only (else HTTP Basic).' }) client_id?: string;
  @ApiPropertyOptional({ description: 'client_secret_post only (else HTTP Basic).' }) client_secret?: string;
}

export class IntrospectionResponseDto {
  @ApiProperty() active!: boolean;
  @ApiPropertyOptional({ example: 'store:read' }) scope?: string;
  @ApiPropertyOptional() client_id?: string;
  @ApiPropertyOptional({ example: 'Bearer' }) token_type?: string;
  @ApiPropertyOptional() exp?: number;
  @ApiPropertyOptional() iat?: number;
  @ApiPropertyOptional({ description: 'The app id.' }) sub?: string;
  @ApiPropertyOptional() iss?: string;
  @ApiPropertyOptional({ format: 'uuid' }) store_id?: string;
}

export class OAuthErrorDto {
  @ApiProperty({
    enum: [
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
      'rate_limited',
    ],
  })
  error!: string;
  @ApiProperty() error_description!: string;
}

export class AuthorizationServerMetadataDto {
  @ApiProperty() issuer!: string;
  @ApiProperty() authorization_endpoint!: string;
  @ApiProperty() token_endpoint!: string;
  @ApiProperty() revocation_endpoint!: string;
  @ApiProperty() introspection_endpoint!: string;
  @ApiProperty({ type: [String] }) grant_types_supported!: string[];
  @ApiProperty({ type: [String] }) token_endpoint_auth_methods_supported!: string[];
  @ApiProperty({ type: [String] }) revocation_endpoint_auth_methods_supported!: string[];
  @ApiProperty({ type: [String] }) introspection_endpoint_auth_methods_supported!: string[];
  @ApiProperty({ enum: APP_SCOPES, isArray: true }) scopes_supported!: string[];
  @ApiProperty({ type: [String] }) response_types_supported!: string[];
  @ApiProperty({ type: [String] }) response_modes_supported!: string[];
  @ApiProperty({ type: [String] }) code_challenge_methods_supported!: string[];
  @ApiProperty() authorization_response_iss_parameter_supported!: boolean;
  @ApiProperty() service_documentation!: string;
}
