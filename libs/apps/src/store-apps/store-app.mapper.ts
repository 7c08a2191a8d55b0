import { canonicalAppScopes } from '@app/core';
import type { AppRow } from './store-apps.repository';
import type { OAuthAppCredentialsDto, OAuthAppDto } from './store-app.dto';

/** Row → wire shape, field by field, so a new column never leaks by accident. */
export function toOAuthAppDto(row: AppRow): OAuthAppDto {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    scopes: canonicalAppScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
    secretHint: row.secret_hint,
  };
}

export function toOAuthAppCredentialsDto(row: AppRow, clientSecret: string): OAuthAppCredentialsDto {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    clientSecret,
    scopes: canonicalAppScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
  };
}
