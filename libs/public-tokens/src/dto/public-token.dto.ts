import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { CredentialName, OriginList, PUBLIC_TOKEN_SCOPES, PublicTokenScope, ScopeList } from '@app/core';

/** (v1.3) How many origins one public token may list. */
export const MAX_ALLOWED_ORIGINS = 10;

const ORIGINS_DOC: ApiPropertyOptions = {
  type: [String],
  example: ['https://shop.example.com'],
  maxItems: MAX_ALLOWED_ORIGINS,
  description:
    'Origins (`scheme://host[:port]`) a browser may call the storefront from with this token; a request with another `Origin` is refused (GraphQL `FORBIDDEN`), and CORS preflights are answered for them. `[]` (the default): any origin, CORS as `CORS_ORIGINS` says.',
};

export class CreatePublicTokenDto {
  @ApiProperty({ example: 'Web storefront', minLength: 1, maxLength: 100 })
  @CredentialName()
  name!: string;

  @ApiPropertyOptional({
    enum: PUBLIC_TOKEN_SCOPES,
    isArray: true,
    description:
      'Default: `store:read` and `products:read`; `cart:write` (carts and checkout) only when asked for.',
  })
  @ScopeList(PUBLIC_TOKEN_SCOPES)
  scopes?: string[];

  @ApiPropertyOptional(ORIGINS_DOC)
  @OriginList(MAX_ALLOWED_ORIGINS)
  allowedOrigins?: string[];
}

/** (v1.3) `PUT …/public-tokens/:tokenId`: a partial update; an absent field keeps its value. */
export class UpdatePublicTokenDto {
  @ApiPropertyOptional({ example: 'Web storefront', minLength: 1, maxLength: 100 })
  @IsOptional()
  @CredentialName()
  name?: string;

  @ApiPropertyOptional({ enum: PUBLIC_TOKEN_SCOPES, isArray: true })
  @ScopeList(PUBLIC_TOKEN_SCOPES)
  scopes?: string[];

  @ApiPropertyOptional(ORIGINS_DOC)
  @OriginList(MAX_ALLOWED_ORIGINS)
  allowedOrigins?: string[];
}

export class PublicTokenDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: PublicTokenScope[];
  @ApiProperty({ type: [String] }) allowedOrigins!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'The last 4 characters of the token.' }) tokenHint!: string;
}

export class PublicTokenIssuedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfp_…', description: 'Shown here (and at rotation) only.' }) token!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: PublicTokenScope[];
  @ApiProperty({ type: [String] }) allowedOrigins!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
