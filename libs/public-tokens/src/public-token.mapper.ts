import { canonicalPublicScopes } from '@app/core';
import type { TokenRow } from './public-tokens.repository';
import type { PublicTokenIssued, PublicTokenView } from './public-tokens.service';

/** Row → wire shape, field by field, so a new column never leaks by accident. */
export function toPublicTokenView(row: TokenRow): PublicTokenView {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    scopes: canonicalPublicScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
    tokenHint: row.token_hint,
  };
}

export function toPublicTokenIssued(row: TokenRow, token: string): PublicTokenIssued {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    token,
    scopes: canonicalPublicScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
  };
}
