import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CredentialName, PUBLIC_TOKEN_SCOPES, PublicTokenScope, ScopeList } from '@app/core';

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
}

export class PublicTokenDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: PublicTokenScope[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'The last 4 characters of the token.' }) tokenHint!: string;
}

export class PublicTokenIssuedDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'sfp_…', description: 'Shown here (and at rotation) only.' }) token!: string;
  @ApiProperty({ enum: PUBLIC_TOKEN_SCOPES, isArray: true }) scopes!: PublicTokenScope[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
