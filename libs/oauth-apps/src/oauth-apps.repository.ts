import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import { OWNED_STORE, OWNED_STORES } from '@app/stores';

export interface AppRow {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  scopes: string[];
  created_at: Date;
  secret_hint: string;
}

const RETURNING = 'a.id, a.store_id, a.name, a.client_id, a.scopes, a.created_at, a.secret_hint';

/**
 * The `oauth_apps` table for the management routes. Ownership is part of every statement (the owner's
 * stores, as @app/stores exports them), so another account's app or store reads as missing.
 */
@Injectable()
export class OAuthAppsRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts an app in the owner's store; undefined when the store is not the owner's. */
  insert(
    ownerId: string,
    storeId: string,
    app: { name: string; clientId: string; secretHash: string; secretHint: string; scopes: string[] },
  ): Promise<AppRow | undefined> {
    return this.sql.one<AppRow>({
      text: `INSERT INTO oauth_apps AS a (store_id, name, client_id, secret_hash, secret_hint, scopes)
             SELECT s.id, $3, $4, $5, $6, $7 FROM ${OWNED_STORE('$1', '$2')} s
             RETURNING ${RETURNING}`,
      values: [storeId, ownerId, app.name, app.clientId, app.secretHash, app.secretHint, app.scopes],
    });
  }

  /** The store's apps, oldest first; null when the store is not the owner's (not an empty list). */
  async listOwned(ownerId: string, storeId: string): Promise<AppRow[] | null> {
    const rows = await this.sql.rows<AppRow & { owned: string }>({
      text: `SELECT s.id AS owned, ${RETURNING}
               FROM ${OWNED_STORE('$1', '$2')} s LEFT JOIN oauth_apps a ON a.store_id = s.id
              ORDER BY a.created_at, a.id`,
      values: [storeId, ownerId],
    });
    if (rows.length === 0) return null;
    return rows.filter((r) => r.id !== null);
  }

  /** A new secret and a bumped version (which kills every token of the old one). */
  rotateOwned(
    ownerId: string,
    appId: string,
    secret: { hash: string; hint: string },
  ): Promise<AppRow | undefined> {
    return this.sql.one<AppRow>({
      text: `UPDATE oauth_apps a
                SET secret_hash = $3, secret_hint = $4, secret_version = a.secret_version + 1,
                    secret_rotated_at = clock_timestamp()
               FROM ${OWNED_STORES('$2')} s
              WHERE a.id = $1 AND s.id = a.store_id
              RETURNING ${RETURNING}`,
      values: [appId, ownerId, secret.hash, secret.hint],
    });
  }

  async deleteOwned(ownerId: string, appId: string): Promise<boolean> {
    const { rowCount } = await this.sql.run({
      text: `DELETE FROM oauth_apps a USING ${OWNED_STORES('$2')} s WHERE a.id = $1 AND s.id = a.store_id`,
      values: [appId, ownerId],
    });
    return rowCount > 0;
  }
}
