import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { PublicTokenEntity } from './entities/public-token.entity';
import { insertInStore, listInStore } from '@app/stores';
import { CATALOGUE_VERSION_COLUMN, catalogueVersionJoin } from '@app/storefront';

export interface TokenRow {
  id: string;
  store_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  token_hint: string;
  allowed_origins: string[];
}

/** What the guard's per-request read gives. */
export interface LiveTokenRow {
  id: string;
  store_id: string;
  scopes: string[];
  allowed_origins: string[];
  /** The store's catalogue version (text); null when it has none. */
  catalogue_version: string | null;
}

const COLUMNS = 'id, store_id, name, scopes, created_at, token_hint, allowed_origins';
const TOKENS = { table: 'public_tokens', alias: 't', columns: COLUMNS };
/** The token by id, in that store. */
const tokenOfStore = 'id = :tokenId AND store_id = :storeId';
const tokenOfStoreSql = 'id = $1 AND store_id = $2';

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
    token: { name: string; scopes: string[]; allowedOrigins: string[] },
    secret: { hash: string; hint: string },
  ): Promise<TokenRow | undefined> {
    return insertInStore<TokenRow>(this.sql, tx, TOKENS, storeId, {
      name: token.name,
      token_hash: secret.hash,
      token_hint: secret.hint,
      scopes: token.scopes,
      allowed_origins: token.allowedOrigins,
    });
  }

  /** (v1.3) Changes the fields given; undefined when no such token in the store. */
  async update(
    tx: EntityManager,
    storeId: string,
    tokenId: string,
    patch: { name?: string; scopes?: string[]; allowedOrigins?: string[] },
  ): Promise<TokenRow | undefined> {
    const set: { name?: string; scopes?: string[]; allowedOrigins?: string[] } = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.scopes !== undefined) set.scopes = patch.scopes;
    if (patch.allowedOrigins !== undefined) set.allowedOrigins = patch.allowedOrigins;
    // Nothing to change: the token as it is (still scoped by the store).
    if (Object.keys(set).length === 0) {
      return this.sql.one<TokenRow>(
        {
          text: `SELECT ${COLUMNS} FROM public_tokens WHERE ${tokenOfStoreSql}`,
          values: [tokenId, storeId],
        },
        tx,
      );
    }
    const result = await tx
      .getRepository(PublicTokenEntity)
      .createQueryBuilder()
      .update()
      .set(set)
      .where(tokenOfStore, { tokenId, storeId })
      .returning(COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as TokenRow[])[0];
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

  /**
   * The guard's per-request read: one prepared statement on the unique hash index, which also brings the
   * token's allowed origins and its store's catalogue version (a primary-key join), so a storefront GET can
   * be answered 304 without another round trip.
   */
  findByHash(hash: string): Promise<LiveTokenRow | undefined> {
    return this.sql.one({
      name: 'public_token_live',
      text: `SELECT t.id, t.store_id, t.scopes, t.allowed_origins, ${CATALOGUE_VERSION_COLUMN}
               FROM public_tokens t ${catalogueVersionJoin('t.store_id')}
              WHERE t.token_hash = $1`,
      values: [hash],
    });
  }

  /**
   * (v1.3) Whether any live token lists the origin: a CORS preflight carries no token. One lookup on the
   * GIN index of `allowed_origins`.
   */
  async anyListsOrigin(origin: string): Promise<boolean> {
    const row = await this.sql.one<{ listed: boolean }>({
      name: 'public_token_origin_listed',
      text: `SELECT EXISTS (SELECT 1 FROM public_tokens WHERE allowed_origins @> ARRAY[$1]::varchar[]) AS listed`,
      values: [origin],
    });
    return row?.listed === true;
  }
}
