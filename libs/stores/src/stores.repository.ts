import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { FIELD_COLUMNS, STORE_COLUMNS, StoreFields, StorePatch, StoreRow } from './store.row';

/**
 * The `stores` table. Every statement that names it is here or in OWNED_STORE below; other contexts
 * reach stores only through what @app/stores exports. Every read and write is scoped by owner, so a
 * store that is not the caller's is indistinguishable from one that does not exist.
 */
@Injectable()
export class StoresRepository {
  constructor(private readonly sql: Sql) {}

  async insert(
    ownerId: string,
    fields: Pick<StoreFields, 'name' | 'description'>,
    completedStages: number[],
  ) {
    const row = await this.sql.one<StoreRow>({
      text: `INSERT INTO stores (owner_id, name, description, completed_stages)
             VALUES ($1, $2, $3, $4) RETURNING ${STORE_COLUMNS}`,
      values: [ownerId, fields.name, fields.description, completedStages],
    });
    return row as StoreRow;
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
  updateOwned(ownerId: string, storeId: string, patch: StorePatch): Promise<StoreRow | undefined> {
    const set = setClause(patch, 3);
    return this.sql.one<StoreRow>({
      text: `UPDATE stores SET ${set.sql}, updated_at = now()
              WHERE id = $1 AND owner_id = $2 RETURNING ${STORE_COLUMNS}`,
      values: [storeId, ownerId, ...set.values],
    });
  }

  /** Deletes the owner's store (ON DELETE CASCADE takes everything it owns); false when there was none. */
  async deleteOwned(ownerId: string, storeId: string): Promise<boolean> {
    const { rowCount } = await this.sql.run({
      text: 'DELETE FROM stores WHERE id = $1 AND owner_id = $2',
      values: [storeId, ownerId],
    });
    return rowCount > 0;
  }

  /** The owner's store, row-locked until `tx` ends. */
  lockOwned(tx: EntityManager, ownerId: string, storeId: string): Promise<StoreRow | undefined> {
    return this.sql.one<StoreRow>(
      {
        text: `SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
        values: [storeId, ownerId],
      },
      tx,
    );
  }

  async updateLocked(tx: EntityManager, storeId: string, patch: StorePatch): Promise<StoreRow> {
    const set = setClause(patch, 2);
    const row = await this.sql.one<StoreRow>(
      {
        text: `UPDATE stores SET ${set.sql}, updated_at = now() WHERE id = $1 RETURNING ${STORE_COLUMNS}`,
        values: [storeId, ...set.values],
      },
      tx,
    );
    return row as StoreRow;
  }

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}

/** Whether a patch changes anything (an empty PUT answers the store as it is). */
export function isEmptyPatch(patch: StorePatch): boolean {
  return setClause(patch, 1).sql === '';
}

/** SET clause for a patch; column names come only from FIELD_COLUMNS, values are parameters. */
function setClause(patch: StorePatch, firstParam: number): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${firstParam + values.length - 1}${cast}`;
  };
  for (const key of Object.keys(FIELD_COLUMNS) as (keyof StoreFields)[]) {
    const column = FIELD_COLUMNS[key];
    const value = patch.fields?.[key];
    if (value === undefined) continue;
    parts.push(
      key === 'address'
        ? `${column} = ${param(value === null ? null : JSON.stringify(value), '::jsonb')}`
        : `${column} = ${param(value)}`,
    );
  }
  if (patch.completedStages) parts.push(`completed_stages = ${param(patch.completedStages, '::smallint[]')}`);
  if (patch.activate) parts.push(`status = 'active', completed_at = now()`);
  return { sql: parts.join(', '), values };
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
