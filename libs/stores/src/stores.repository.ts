import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCOUNT_SECOND_FACTOR } from '@app/auth';
import { MEMBERSHIP_SQL, MembershipSql } from '@app/core';
import { Sql } from '@app/database';
import type { Role } from '@app/sdk';
import type { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { StoreEntity } from './entities/store.entity';
import { STORE_COLUMNS, STORE_FIELD_NAMES, StoreFields, StorePatch, StoreRow } from './store.row';

/**
 * The `stores` table. Every statement that names it is here or in EXISTING_STORE below; other contexts
 * reach stores only through what @app/stores exports. Who may act on a store is not decided here: the
 * route's access rule (the caller's membership, read by the access guard) has decided it before any of
 * these runs, so statements are by the store's id. The caller's store list comes from its memberships,
 * as the members context gives them (MEMBERSHIP_SQL).
 *
 * Writes go through TypeORM's QueryBuilder on StoreEntity (column names come from the entity, values
 * are always parameters, RETURNING gives the row as PostgreSQL has it). The reads that serve requests —
 * one store, the caller's list, the storefront's public profile — are named prepared statements through
 * Sql: a QueryBuilder read costs ~50 µs more CPU per call (`node bench/micro/prepared-vs-typeorm.js`).
 */
@Injectable()
export class StoresRepository {
  constructor(
    private readonly sql: Sql,
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @Inject(MEMBERSHIP_SQL) private readonly memberships: MembershipSql,
  ) {}

  /** A new store and its first member, its owner, in the caller's transaction. */
  /**
   * How many stores the account owns, counted under a lock on the account for this transaction: of two
   * concurrent creations on the last free place exactly one sees it free (the second waits for the first's
   * commit, then counts its store). Stores where the account is another member do not count.
   */
  async countOwned(tx: EntityManager, accountId: string): Promise<number> {
    await this.sql.run(
      {
        text: `SELECT pg_advisory_xact_lock(hashtextextended('stores_owned:' || $1, 0))`,
        values: [accountId],
      },
      tx,
    );
    const row = await this.sql.one<{ count: string }>(
      {
        text: `SELECT count(*) AS count FROM ${this.memberships.membershipsOf('$1')} m WHERE m.role = 'owner'`,
        values: [accountId],
      },
      tx,
    );
    return Number(row?.count ?? 0);
  }

  async insert(
    tx: EntityManager,
    ownerId: string,
    fields: Pick<StoreFields, 'name' | 'description'> & { currencyCode?: string },
    completedStages: number[],
  ): Promise<StoreRow> {
    const result = await tx
      .getRepository(StoreEntity)
      .createQueryBuilder()
      .insert()
      .values({
        name: fields.name,
        description: fields.description,
        completedStages,
        ...(fields.currencyCode ? { currencyCode: fields.currencyCode } : {}),
      })
      .returning(STORE_COLUMNS)
      .updateEntity(false)
      .execute();
    const row = (result.raw as StoreRow[])[0];
    await this.sql.run({ text: this.memberships.founder('$1', '$2'), values: [row.id, ownerId] }, tx);
    return row;
  }

  find(storeId: string): Promise<StoreRow | undefined> {
    return this.sql.one<StoreRow>({
      name: 'stores_get',
      text: `SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1`,
      values: [storeId],
    });
  }

  /**
   * Every store the account is a member of, with its role, oldest first: one statement however many
   * there are (the memberships by account, then each store by its key).
   */
  listOf(accountId: string): Promise<(StoreRow & { role: Role; caller_second_factor: boolean })[]> {
    return this.sql.rows<StoreRow & { role: Role; caller_second_factor: boolean }>({
      name: 'stores_list_member',
      text: `SELECT ${QUALIFIED_STORE_COLUMNS}, m.role, ${ACCOUNT_SECOND_FACTOR('$1')} AS caller_second_factor
               FROM ${this.memberships.membershipsOf('$1')} m JOIN stores s ON s.id = m.store_id
              ORDER BY s.created_at, s.id`,
      values: [accountId],
    });
  }

  /** The public face of a store (no address, phones or tax id), by id: a per-request read. */
  publicProfile(storeId: string): Promise<PublicStoreRow | undefined> {
    return this.sql.one<PublicStoreRow>({
      name: 'stores_public_profile',
      text: `SELECT id, name, description, status, favicon_url, logo_black_white_url, logo_color_url,
                    support_email, social_links, currency_code
               FROM stores WHERE id = $1`,
      values: [storeId],
    });
  }

  /** Sets the patch's columns on the store; undefined when there is no such store. */
  async update(tx: EntityManager, storeId: string, patch: StorePatch): Promise<StoreRow | undefined> {
    const result = await tx
      .getRepository(StoreEntity)
      .createQueryBuilder()
      .update()
      .set(changes(patch))
      .where('id = :storeId', { storeId })
      .returning(STORE_COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as StoreRow[])[0];
  }

  /** Deletes the store (ON DELETE CASCADE takes everything it owns); false when there was none. */
  async delete(storeId: string): Promise<boolean> {
    const result = await this.stores.delete({ id: storeId });
    return (result.affected ?? 0) > 0;
  }

  /** The store, row-locked until `tx` ends. */
  lock(tx: EntityManager, storeId: string): Promise<StoreRow | undefined> {
    return tx
      .getRepository(StoreEntity)
      .createQueryBuilder('s')
      .select(STORE_COLUMNS) // the row as PostgreSQL names it (not TypeORM's s_… aliases)
      .where('s.id = :storeId', { storeId })
      .setLock('pessimistic_write')
      .getRawOne<StoreRow>();
  }

  /**
   * (v1.4) Locks the store's row for the rest of `tx`: true when locked, false when another transaction
   * holds it and `wait` is false (SKIP LOCKED), or when there is no such store.
   */
  async lockIfFree(tx: EntityManager, storeId: string, wait: boolean): Promise<boolean> {
    const row = await this.sql.one<{ locked: boolean }>(
      {
        text: `SELECT EXISTS (SELECT 1 FROM stores WHERE id = $1 FOR UPDATE${wait ? '' : ' SKIP LOCKED'}) AS locked`,
        values: [storeId],
      },
      tx,
    );
    return row?.locked === true;
  }

  /**
   * (v1.4) A media is being deleted: every branding image of the store shown from it loses both its media
   * id and the URL written from it (that URL answers 404 once the media is gone). The changed store, or
   * undefined when it showed nothing from that media. Run before the media's row goes, while the ids still
   * name it (the foreign keys' ON DELETE SET NULL would clear the ids and leave the URLs).
   */
  async clearMedia(tx: EntityManager, storeId: string, mediaId: string): Promise<StoreRow | undefined> {
    const pairs = [
      ['favicon_url', 'favicon_media_id'],
      ['logo_black_white_url', 'logo_black_white_media_id'],
      ['logo_color_url', 'logo_color_media_id'],
    ] as const;
    const set = pairs.flatMap(([url, media]) => [
      `${url} = CASE WHEN ${media} = $2 THEN NULL ELSE ${url} END`,
      `${media} = CASE WHEN ${media} = $2 THEN NULL ELSE ${media} END`,
    ]);
    return this.sql.one<StoreRow>(
      {
        text: `UPDATE stores SET ${set.join(', ')}, updated_at = now()
                WHERE id = $1 AND $2 IN (favicon_media_id, logo_black_white_media_id, logo_color_media_id)
                RETURNING ${STORE_COLUMNS}`,
        values: [storeId, mediaId],
      },
      tx,
    );
  }

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}

const BRANDING_MEDIA_KEYS: Record<string, 'faviconMediaId' | 'logoBlackWhiteMediaId' | 'logoColorMediaId'> = {
  FK_stores_favicon_media_id: 'faviconMediaId',
  FK_stores_logo_black_white_media_id: 'logoBlackWhiteMediaId',
  FK_stores_logo_color_media_id: 'logoColorMediaId',
};

/**
 * (v1.4) The branding media field whose foreign key a store write ran into — its media deleted after the
 * service checked it, before the write — or null for any other error.
 */
export function goneBrandingMedia(
  error: unknown,
): 'faviconMediaId' | 'logoBlackWhiteMediaId' | 'logoColorMediaId' | null {
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const d = e.driverError ?? e;
  return d.code === '23503' && d.constraint ? (BRANDING_MEDIA_KEYS[d.constraint] ?? null) : null;
}

/** STORE_COLUMNS of the stores table aliased `s`. */
const QUALIFIED_STORE_COLUMNS = STORE_COLUMNS.replace(/(\w+)/g, 's.$1');

/** Whether a patch changes anything (an empty PUT answers the store as it is). */
export function isEmptyPatch(patch: StorePatch): boolean {
  return (
    !patch.activate &&
    !patch.completedStages &&
    STORE_FIELD_NAMES.every((key) => patch.fields?.[key] === undefined)
  );
}

/** The entity's columns a patch sets (undefined fields are left alone; null clears), and updated_at. */
function changes(patch: StorePatch): QueryDeepPartialEntity<StoreEntity> {
  const set: Record<string, unknown> = {};
  // Only the store-holder fields (entity property names), whatever else the object carries.
  for (const key of STORE_FIELD_NAMES) {
    const value = patch.fields?.[key];
    if (value !== undefined) set[key] = value;
  }
  if (patch.completedStages) set.completedStages = patch.completedStages;
  if (patch.activate) {
    set.status = 'active';
    set.completedAt = () => 'now()';
  }
  set.updatedAt = () => 'now()';
  return set as QueryDeepPartialEntity<StoreEntity>;
}

export interface PublicStoreRow {
  id: string;
  name: string;
  description: string | null;
  status: string;
  favicon_url: string | null;
  logo_black_white_url: string | null;
  logo_color_url: string | null;
  support_email: string | null;
  social_links: string[] | null;
  currency_code: string;
}

/**
 * For other contexts that hang rows off a store (apps, public tokens, webhook endpoints): the store as a
 * SQL row source — no row when it is gone — so that a write racing the store's deletion finds nothing
 * rather than failing on a foreign key, e.g.
 *   INSERT INTO oauth_apps (…) SELECT s.id, … FROM ${EXISTING_STORE('$1')} s
 * The `stores` table is named here, not in their SQL.
 */
export const EXISTING_STORE = (storeIdParam: string) => `(SELECT id FROM stores WHERE id = ${storeIdParam})`;

/** A table of rows that hang off a store: its name, the alias its columns are returned under, and those columns. */
export interface StoreChildTable {
  table: string;
  alias: string;
  /** The returned columns, comma-separated and unqualified (`id, store_id, name`). */
  columns: string;
}

/** The table's columns, each qualified with its alias (`a.id, a.store_id, a.name`). */
export const qualifiedColumns = (t: StoreChildTable) => t.columns.replace(/(\w+)/g, `${t.alias}.$1`);

/**
 * Inserts one row in the store (`values` are the columns besides `store_id`); undefined when the store is
 * gone (deleted since the route's access rule let the caller in).
 */
export function insertInStore<R extends object>(
  sql: Sql,
  tx: EntityManager,
  child: StoreChildTable,
  storeId: string,
  values: Record<string, unknown>,
): Promise<R | undefined> {
  const names = Object.keys(values);
  const params = names.map((_, i) => `$${i + 2}`).join(', ');
  return sql.one<R>(
    {
      text: `INSERT INTO ${child.table} AS ${child.alias} (store_id, ${names.join(', ')})
             SELECT s.id, ${params} FROM ${EXISTING_STORE('$1')} s
             RETURNING ${qualifiedColumns(child)}`,
      values: [storeId, ...Object.values(values)],
    },
    tx,
  );
}

/** The rows of the store, oldest first. */
export function listInStore<R extends { id: string }>(
  sql: Sql,
  child: StoreChildTable,
  storeId: string,
): Promise<R[]> {
  const a = child.alias;
  return sql.rows<R>({
    text: `SELECT ${qualifiedColumns(child)} FROM ${child.table} ${a}
            WHERE ${a}.store_id = $1 ORDER BY ${a}.created_at, ${a}.id`,
    values: [storeId],
  });
}
