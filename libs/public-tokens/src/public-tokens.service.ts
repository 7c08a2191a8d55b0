import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountCaller, isUuid, PublicTokenCaller, randomSecret, SecretHasher } from '@app/core';
import { PreparedQueries } from '@app/database';
import { DataSource } from 'typeorm';
import { PublicTokenErrors } from './public-tokens.errors';
import { canonicalPublicScopes, PUBLIC_TOKEN_SCOPES } from './scopes';

export const PUBLIC_TOKEN_PURPOSE = 'public_token';
export const PUBLIC_TOKEN_PREFIX = 'sfp_';
/** `sfp_` + 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^sfp_[A-Za-z0-9_-]{43}$/;

export interface PublicTokenView {
  id: string;
  storeId: string;
  name: string;
  scopes: string[];
  createdAt: string;
  tokenHint: string;
}

export interface PublicTokenIssued {
  id: string;
  storeId: string;
  name: string;
  token: string;
  scopes: string[];
  createdAt: string;
}

interface TokenRow {
  id: string;
  store_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  token_hint: string;
}

const RETURNING = 't.id, t.store_id, t.name, t.scopes, t.created_at, t.token_hint';

/**
 * Public tokens of the caller's stores. Ownership is in every query (a join on `stores.owner_id`); a
 * foreign store answers exactly like a missing one.
 */
@Injectable()
export class PublicTokensService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly hasher: SecretHasher,
    private readonly queries: PreparedQueries,
  ) {}

  async create(
    caller: AccountCaller,
    storeId: string,
    input: { name: string; scopes?: string[] },
  ): Promise<PublicTokenIssued> {
    if (!isUuid(storeId)) throw PublicTokenErrors.storeNotFound();
    const token = randomSecret(PUBLIC_TOKEN_PREFIX);
    const rows = (await this.db.query(
      `INSERT INTO public_tokens AS t (store_id, name, token_hash, token_hint, scopes)
       SELECT s.id, $3, $4, $5, $6 FROM stores s WHERE s.id = $1 AND s.owner_id = $2
       RETURNING ${RETURNING}`,
      [
        storeId,
        caller.accountId,
        input.name,
        ...this.tokenColumns(token),
        canonicalPublicScopes(input.scopes ?? PUBLIC_TOKEN_SCOPES),
      ],
    )) as TokenRow[];
    if (!rows[0]) throw PublicTokenErrors.storeNotFound();
    return issued(rows[0], token);
  }

  /** Oldest first; an unknown or foreign store is 404, not an empty list. */
  async list(caller: AccountCaller, storeId: string): Promise<PublicTokenView[]> {
    if (!isUuid(storeId)) throw PublicTokenErrors.storeNotFound();
    const rows = (await this.db.query(
      `SELECT s.id AS owned, ${RETURNING}
         FROM stores s LEFT JOIN public_tokens t ON t.store_id = s.id
        WHERE s.id = $1 AND s.owner_id = $2
        ORDER BY t.created_at, t.id`,
      [storeId, caller.accountId],
    )) as TokenRow[];
    if (rows.length === 0) throw PublicTokenErrors.storeNotFound();
    return rows.filter((r) => r.id !== null).map(toView);
  }

  /** A new value; the old one no longer hashes to any row, so it is dead on the next request. */
  async rotate(caller: AccountCaller, storeId: string, tokenId: string): Promise<PublicTokenIssued> {
    if (!isUuid(storeId)) throw PublicTokenErrors.storeNotFound();
    if (!isUuid(tokenId)) throw await this.notFound(caller, storeId);
    const token = randomSecret(PUBLIC_TOKEN_PREFIX);
    const [rows] = (await this.db.query(
      `UPDATE public_tokens t SET token_hash = $4, token_hint = $5, rotated_at = clock_timestamp()
         FROM stores s
        WHERE t.id = $1 AND t.store_id = $2 AND s.id = t.store_id AND s.owner_id = $3
        RETURNING ${RETURNING}`,
      [tokenId, storeId, caller.accountId, ...this.tokenColumns(token)],
    )) as [TokenRow[], number];
    if (!rows[0]) throw await this.notFound(caller, storeId);
    return issued(rows[0], token);
  }

  async remove(caller: AccountCaller, storeId: string, tokenId: string): Promise<void> {
    if (!isUuid(storeId)) throw PublicTokenErrors.storeNotFound();
    if (!isUuid(tokenId)) throw await this.notFound(caller, storeId);
    const [rows] = (await this.db.query(
      `DELETE FROM public_tokens t USING stores s
        WHERE t.id = $1 AND t.store_id = $2 AND s.id = t.store_id AND s.owner_id = $3 RETURNING t.id`,
      [tokenId, storeId, caller.accountId],
    )) as [{ id: string }[], number];
    if (!rows[0]) throw await this.notFound(caller, storeId);
  }

  /**
   * The guard's read for `sfp_` bearer tokens: one prepared statement on the unique hash index. The
   * token row cascades away with its store, so a deleted store's tokens are dead too.
   */
  async resolve(token: string): Promise<PublicTokenCaller | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const rows = await this.queries.rows<{ id: string; store_id: string; scopes: string[] }>(
      'public_token_live',
      `SELECT id, store_id, scopes FROM public_tokens WHERE token_hash = $1`,
      [this.hasher.hash(PUBLIC_TOKEN_PURPOSE, token)],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      kind: 'public',
      tokenId: row.id,
      storeId: row.store_id,
      scopes: canonicalPublicScopes(row.scopes),
    };
  }

  /** Which 404: the store (missing or foreign) or, in an owned store, the token. Error path only. */
  private async notFound(caller: AccountCaller, storeId: string) {
    const owned = (await this.db.query(`SELECT 1 FROM stores WHERE id = $1 AND owner_id = $2`, [
      storeId,
      caller.accountId,
    ])) as unknown[];
    return owned.length ? PublicTokenErrors.tokenNotFound() : PublicTokenErrors.storeNotFound();
  }

  private tokenColumns(token: string): [string, string] {
    return [this.hasher.hash(PUBLIC_TOKEN_PURPOSE, token), token.slice(-4)];
  }
}

function toView(row: TokenRow): PublicTokenView {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    scopes: canonicalPublicScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
    tokenHint: row.token_hint,
  };
}

function issued(row: TokenRow, token: string): PublicTokenIssued {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    token,
    scopes: canonicalPublicScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
  };
}
