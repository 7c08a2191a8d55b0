import { canonicalScopes } from '@app/core';
import type { AppRow } from './oauth-apps.repository';
import type { OAuthAppCredentials, OAuthAppView } from './oauth-apps.service';

/** Row → wire shape, field by field, so a new column never leaks by accident. */
export function toOAuthAppView(row: AppRow): OAuthAppView {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    scopes: canonicalScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
    secretHint: row.secret_hint,
  };
}

export function toOAuthAppCredentials(row: AppRow, clientSecret: string): OAuthAppCredentials {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    clientSecret,
    scopes: canonicalScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
  };
}
