import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { PublicTokenEntity } from './entities/public-token.entity';
import { insertInStore, listInStore } from '@app/stores';

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
/** The token by id, in that store. */
const tokenOfStore = 'id = :tokenId AND store_id = :storeId';

/**
 * The `public_tokens` table. Every management statement is scoped by the store the route's access rule
 * decided, so another store's tokens answer exactly like missing ones. Rotation and deletion go through
 * TypeORM's QueryBuilder on PublicTokenEntity; the insert and the list through @app/stores' insertInStore
 * and listInStore; the guard's per-request read is SQL through Sql. The management writes run in the
 * caller's transaction (`tx`), where their event is written too.
 */
@Injectable()
export class PublicTokensRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts a token in the store; undefined when the store is gone. */
  insert(
    tx: EntityManager,
    storeId: string,
    token: { name: string; hash: string; hint: string; scopes: string[] },
  ): Promise<TokenRow | undefined> {
    return insertInStore<TokenRow>(this.sql, tx, TOKENS, storeId, {
      name: token.name,
      token_hash: token.hash,
      token_hint: token.hint,
      scopes: token.scopes,
    });
  }

  /** The store's tokens, oldest first. */
  list(storeId: string): Promise<TokenRow[]> {
    return listInStore<TokenRow>(this.sql, TOKENS, storeId);
  }

  async rotate(
    tx: EntityManager,
    storeId: string,
    tokenId: string,
    secret: { hash: string; hint: string },
  ): Promise<TokenRow | undefined> {
    const result = await tx
      .getRepository(PublicTokenEntity)
      .createQueryBuilder()
      .update()
      .set({ tokenHash: secret.hash, tokenHint: secret.hint, rotatedAt: () => 'clock_timestamp()' })
      .where(tokenOfStore, { tokenId, storeId })
      .returning(COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as TokenRow[])[0];
  }

  async delete(tx: EntityManager, storeId: string, tokenId: string): Promise<boolean> {
    const result = await tx
      .getRepository(PublicTokenEntity)
      .createQueryBuilder()
      .delete()
      .where(tokenOfStore, { tokenId, storeId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Runs `work` in one transaction: a management write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /** A token's current name, in the caller's transaction (an event's actor). */
  async nameOf(tx: EntityManager, tokenId: string): Promise<string | null> {
    const row = await this.sql.one<{ name: string }>(
      { name: 'public_token_name', text: `SELECT name FROM public_tokens WHERE id = $1`, values: [tokenId] },
      tx,
    );
    return row?.name ?? null;
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
