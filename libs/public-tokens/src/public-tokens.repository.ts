import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { PublicTokenEntity } from './entities/public-token.entity';
import { insertInOwnedStore, listInOwnedStore, OWNED_STORES } from '@app/stores';

export interface TokenRow {
  id: string;
  store_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  token_hint: string;
}

const COLUMNS = 'id, store_id, name, scopes, created_at, token_hint';
const TOKENS = { table: 'public_tokens', alias: 't', columns: COLUMNS };
/** The token by id, in that store, and the store the owner's. */
const ownedToken = `id = :tokenId AND store_id = :storeId AND store_id IN ${OWNED_STORES(':ownerId')}`;

/**
 * The `public_tokens` table. Ownership is in every statement (the owner's store, as @app/stores exports
 * it), so a foreign store's tokens answer exactly like missing ones. Rotation and deletion go through
 * TypeORM's QueryBuilder on PublicTokenEntity; the insert and the list (ownership in the same statement)
 * through @app/stores' insertInOwnedStore and listInOwnedStore; the guard's per-request read is SQL
 * through Sql. The management writes run in the caller's transaction (`tx`), where their event is
 * written too.
 */
@Injectable()
export class PublicTokensRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts a token in the owner's store; undefined when the store is not the owner's. */
  insert(
    tx: EntityManager,
    ownerId: string,
    storeId: string,
    token: { name: string; hash: string; hint: string; scopes: string[] },
  ): Promise<TokenRow | undefined> {
    return insertInOwnedStore<TokenRow>(this.sql, tx, TOKENS, ownerId, storeId, {
      name: token.name,
      token_hash: token.hash,
      token_hint: token.hint,
      scopes: token.scopes,
    });
  }

  /** The store's tokens, oldest first; null when the store is not the owner's (not an empty list). */
  listOwned(ownerId: string, storeId: string): Promise<TokenRow[] | null> {
    return listInOwnedStore<TokenRow>(this.sql, TOKENS, ownerId, storeId);
  }

  async rotateOwned(
    tx: EntityManager,
    ownerId: string,
    storeId: string,
    tokenId: string,
    secret: { hash: string; hint: string },
  ): Promise<TokenRow | undefined> {
    const result = await tx
      .getRepository(PublicTokenEntity)
      .createQueryBuilder()
      .update()
      .set({ tokenHash: secret.hash, tokenHint: secret.hint, rotatedAt: () => 'clock_timestamp()' })
      .where(ownedToken, { tokenId, storeId, ownerId })
      .returning(COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as TokenRow[])[0];
  }

  async deleteOwned(tx: EntityManager, ownerId: string, storeId: string, tokenId: string): Promise<boolean> {
    const result = await tx
      .getRepository(PublicTokenEntity)
      .createQueryBuilder()
      .delete()
      .where(ownedToken, { tokenId, storeId, ownerId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Runs `work` in one transaction: a management write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
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
