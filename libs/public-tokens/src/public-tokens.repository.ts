import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import { OWNED_STORE, OWNED_STORES } from '@app/stores';

export interface TokenRow {
  id: string;
  store_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  token_hint: string;
}

const RETURNING = 't.id, t.store_id, t.name, t.scopes, t.created_at, t.token_hint';

/**
 * The `public_tokens` table. Ownership is in every statement (the owner's store, as @app/stores exports
 * it), so a foreign store's tokens answer exactly like missing ones.
 */
@Injectable()
export class PublicTokensRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts a token in the owner's store; undefined when the store is not the owner's. */
  insert(
    ownerId: string,
    storeId: string,
    token: { name: string; hash: string; hint: string; scopes: string[] },
  ): Promise<TokenRow | undefined> {
    return this.sql.one<TokenRow>({
      text: `INSERT INTO public_tokens AS t (store_id, name, token_hash, token_hint, scopes)
             SELECT s.id, $3, $4, $5, $6 FROM ${OWNED_STORE('$1', '$2')} s
             RETURNING ${RETURNING}`,
      values: [storeId, ownerId, token.name, token.hash, token.hint, token.scopes],
    });
  }

  /** The store's tokens, oldest first; null when the store is not the owner's (not an empty list). */
  async listOwned(ownerId: string, storeId: string): Promise<TokenRow[] | null> {
    const rows = await this.sql.rows<TokenRow & { owned: string }>({
      text: `SELECT s.id AS owned, ${RETURNING}
               FROM ${OWNED_STORE('$1', '$2')} s LEFT JOIN public_tokens t ON t.store_id = s.id
              ORDER BY t.created_at, t.id`,
      values: [storeId, ownerId],
    });
    if (rows.length === 0) return null;
    return rows.filter((r) => r.id !== null);
  }

  rotateOwned(
    ownerId: string,
    storeId: string,
    tokenId: string,
    secret: { hash: string; hint: string },
  ): Promise<TokenRow | undefined> {
    return this.sql.one<TokenRow>({
      text: `UPDATE public_tokens t SET token_hash = $4, token_hint = $5, rotated_at = clock_timestamp()
               FROM ${OWNED_STORES('$3')} s
              WHERE t.id = $1 AND t.store_id = $2 AND s.id = t.store_id
              RETURNING ${RETURNING}`,
      values: [tokenId, storeId, ownerId, secret.hash, secret.hint],
    });
  }

  async deleteOwned(ownerId: string, storeId: string, tokenId: string): Promise<boolean> {
    const { rowCount } = await this.sql.run({
      text: `DELETE FROM public_tokens t USING ${OWNED_STORES('$3')} s
              WHERE t.id = $1 AND t.store_id = $2 AND s.id = t.store_id`,
      values: [tokenId, storeId, ownerId],
    });
    return rowCount > 0;
  }

  /** The guard's per-request read: one prepared statement on the unique hash index. */
  findByHash(hash: string): Promise<{ id: string; store_id: string; scopes: string[] } | undefined> {
    return this.sql.one({
      name: 'public_token_live',
      text: `SELECT id, store_id, scopes FROM public_tokens WHERE token_hash = $1`,
      values: [hash],
    });
  }
}
