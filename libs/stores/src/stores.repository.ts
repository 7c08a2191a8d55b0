import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Sql } from '@app/database';
import type { EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { StoreEntity } from './entities/store.entity';
import { STORE_COLUMNS, STORE_FIELD_NAMES, StoreFields, StorePatch, StoreRow } from './store.row';

/**
 * The `stores` table. Every statement that names it is here or in OWNED_STORE below; other contexts
 * reach stores only through what @app/stores exports. Every read and write is scoped by owner, so a
 * store that is not the caller's is indistinguishable from one that does not exist.
 *
 * Writes go through TypeORM's QueryBuilder on StoreEntity (column names come from the entity, values
 * are always parameters, RETURNING gives the row as PostgreSQL has it). The reads that serve requests —
 * one store, the owner's list, the storefront's public profile, the ownership probe — are named prepared
 * statements through Sql: a QueryBuilder read costs ~50 µs more CPU per call
 * (`node bench/micro/prepared-vs-typeorm.js`).
 */
@Injectable()
export class StoresRepository {
  constructor(
    private readonly sql: Sql,
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
  ) {}

  async insert(
    tx: EntityManager,
    ownerId: string,
    fields: Pick<StoreFields, 'name' | 'description'>,
    completedStages: number[],
  ): Promise<StoreRow> {
    const result = await tx
      .getRepository(StoreEntity)
      .createQueryBuilder()
      .insert()
      .values({ ownerId, name: fields.name, description: fields.description, completedStages })
      .returning(STORE_COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as StoreRow[])[0];
  }

  findOwned(ownerId: string, storeId: string): Promise<StoreRow | undefined> {
    return this.sql.one<StoreRow>({
      name: 'stores_get_owned',
      text: `SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 AND owner_id = $2`,
      values: [storeId, ownerId],
    });
  }

  /** Every store of the owner, oldest first: one indexed query however many there are. */
  listOwned(ownerId: string): Promise<StoreRow[]> {
    return this.sql.rows<StoreRow>({
      name: 'stores_list_owned',
      text: `SELECT ${STORE_COLUMNS} FROM stores WHERE owner_id = $1 ORDER BY created_at, id`,
      values: [ownerId],
    });
  }

  /** The public face of a store (no owner, address, phones or tax id), by id: a per-request read. */
  publicProfile(storeId: string): Promise<PublicStoreRow | undefined> {
    return this.sql.one<PublicStoreRow>({
      name: 'stores_public_profile',
      text: `SELECT id, name, description, status, favicon_url, logo_black_white_url, logo_color_url,
                    support_email, social_links
               FROM stores WHERE id = $1`,
      values: [storeId],
    });
  }

  async isOwned(ownerId: string, storeId: string): Promise<boolean> {
    const row = await this.sql.one({
      name: 'stores_owned_probe',
      text: 'SELECT id FROM stores WHERE id = $1 AND owner_id = $2',
      values: [storeId, ownerId],
    });
    return row !== undefined;
  }

  /** Sets the patch's columns on the owner's store; undefined when there is no such store. */
  async updateOwned(
    tx: EntityManager,
    ownerId: string,
    storeId: string,
    patch: StorePatch,
  ): Promise<StoreRow | undefined> {
    const result = await tx
      .getRepository(StoreEntity)
      .createQueryBuilder()
      .update()
      .set(changes(patch))
      .where('id = :storeId AND owner_id = :ownerId', { storeId, ownerId })
      .returning(STORE_COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as StoreRow[])[0];
  }

  /** Deletes the owner's store (ON DELETE CASCADE takes everything it owns); false when there was none. */
  async deleteOwned(ownerId: string, storeId: string): Promise<boolean> {
    const result = await this.stores.delete({ id: storeId, ownerId });
    return (result.affected ?? 0) > 0;
  }

  /** The owner's store, row-locked until `tx` ends. */
  lockOwned(tx: EntityManager, ownerId: string, storeId: string): Promise<StoreRow | undefined> {
    return tx
      .getRepository(StoreEntity)
      .createQueryBuilder('s')
      .select(STORE_COLUMNS) // the row as PostgreSQL names it (not TypeORM's s_… aliases)
      .where('s.id = :storeId AND s.owner_id = :ownerId', { storeId, ownerId })
      .setLock('pessimistic_write')
      .getRawOne<StoreRow>();
  }

  async updateLocked(tx: EntityManager, storeId: string, patch: StorePatch): Promise<StoreRow> {
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

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}

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
}

/**
 * For other contexts that hang rows off a store (apps, public tokens) and must check ownership in the
 * same statement as their own work: the owner's store as a SQL row source, e.g.
 *   INSERT INTO oauth_apps (…) SELECT s.id, … FROM ${OWNED_STORE('$1', '$2')} s
 * The `stores` table is named here, not in their SQL.
 */
export const OWNED_STORE = (storeIdParam: string, ownerIdParam: string) =>
  `(SELECT id FROM stores WHERE id = ${storeIdParam} AND owner_id = ${ownerIdParam})`;

/** Every store of an owner as a row source (for rows found by their own id, then checked for ownership). */
export const OWNED_STORES = (ownerIdParam: string) =>
  `(SELECT id FROM stores WHERE owner_id = ${ownerIdParam})`;

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
 * Inserts one row in the owner's store, ownership checked in the same statement (`values` are the
 * columns besides `store_id`); undefined when the store is not the owner's.
 */
export function insertInOwnedStore<R extends object>(
  sql: Sql,
  tx: EntityManager,
  child: StoreChildTable,
  ownerId: string,
  storeId: string,
  values: Record<string, unknown>,
): Promise<R | undefined> {
  const names = Object.keys(values);
  const params = names.map((_, i) => `$${i + 3}`).join(', ');
  return sql.one<R>(
    {
      text: `INSERT INTO ${child.table} AS ${child.alias} (store_id, ${names.join(', ')})
             SELECT s.id, ${params} FROM ${OWNED_STORE('$1', '$2')} s
             RETURNING ${qualifiedColumns(child)}`,
      values: [storeId, ownerId, ...Object.values(values)],
    },
    tx,
  );
}

/**
 * The rows of the owner's store, oldest first; null when the store is not the owner's (not an empty
 * list). The ownership probe and the list are one statement: the store joined to its rows.
 */
export async function listInOwnedStore<R extends { id: string }>(
  sql: Sql,
  child: StoreChildTable,
  ownerId: string,
  storeId: string,
): Promise<R[] | null> {
  const a = child.alias;
  const rows = await sql.rows<R & { owned: string }>({
    text: `SELECT s.id AS owned, ${qualifiedColumns(child)}
             FROM ${OWNED_STORE('$1', '$2')} s LEFT JOIN ${child.table} ${a} ON ${a}.store_id = s.id
            ORDER BY ${a}.created_at, ${a}.id`,
    values: [storeId, ownerId],
  });
  if (rows.length === 0) return null;
  return rows.filter((r) => r.id !== null);
}
