import { canonicalPublicScopes } from '@app/core';
import type { TokenRow } from './public-tokens.repository';
import type { PublicTokenDto, PublicTokenIssuedDto } from './dto/public-token.dto';

/** Row → wire shape, field by field, so a new column never leaks by accident. */
export function toPublicTokenDto(row: TokenRow): PublicTokenDto {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    scopes: canonicalPublicScopes(row.scopes),
    allowedOrigins: row.allowed_origins,
    createdAt: row.created_at.toISOString(),
    tokenHint: row.token_hint,
  };
}

export function toPublicTokenIssuedDto(row: TokenRow, token: string): PublicTokenIssuedDto {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    token,
    scopes: canonicalPublicScopes(row.scopes),
    allowedOrigins: row.allowed_origins,
    createdAt: row.created_at.toISOString(),
  };
}
