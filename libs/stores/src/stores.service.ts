import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountCaller, isUuid } from '@app/core';
import { PreparedQueries } from '@app/database';
import { DataSource, EntityManager } from 'typeorm';
import type { StoreModel } from './dto/store.model';
import { toStoreModel } from './store.mapper';
import { FIELD_COLUMNS, STORE_COLUMNS, StoreFields, StorePatch, StoreRow } from './store.row';
import type { StoreStatus } from './store-progress';
import { StoreErrors } from './stores.errors';

/** What the onboarding rules look at when deciding a change. */
export interface StoreProgress {
  status: StoreStatus;
  completedStages: number[];
}

/** TypeORM's query() answers [rows, count] for UPDATE/DELETE … RETURNING and rows for SELECT. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/**
 * Stores, always through their owner: every query has `owner_id = $caller` in its WHERE clause, so a
 * store that is not the caller's is indistinguishable from one that does not exist (404).
 */
@Injectable()
export class StoresService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly prepared: PreparedQueries,
  ) {}

  /** Creates a store in onboarding with the given fields and progress (stage 1 → [1]). */
  async create(
    caller: AccountCaller,
    fields: Pick<StoreFields, 'name' | 'description'>,
    completedStages: number[],
  ): Promise<StoreModel> {
    const rows = rowsOf<StoreRow>(
      await this.db.query(
        `INSERT INTO stores (owner_id, name, description, completed_stages)
         VALUES ($1, $2, $3, $4) RETURNING ${STORE_COLUMNS}`,
        [caller.accountId, fields.name, fields.description, completedStages],
      ),
    );
    return toStoreModel(rows[0]);
  }

  async get(caller: AccountCaller, storeId: string): Promise<StoreModel> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    const [row] = await this.prepared.rows<StoreRow>(
      'stores_get_owned',
      `SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 AND owner_id = $2`,
      [storeId, caller.accountId],
    );
    if (!row) throw StoreErrors.notFound();
    return toStoreModel(row);
  }

  /** Every store of the caller, oldest first — one indexed query however many stores there are. */
  async listMine(caller: AccountCaller): Promise<StoreModel[]> {
    const rows = await this.prepared.rows<StoreRow>(
      'stores_list_owned',
      `SELECT ${STORE_COLUMNS} FROM stores WHERE owner_id = $1 ORDER BY created_at, id`,
      [caller.accountId],
    );
    return rows.map(toStoreModel);
  }

  /** PUT: sets the given fields, nothing else (onboarding progress stays as it is). */
  async update(caller: AccountCaller, storeId: string, fields: Partial<StoreFields>): Promise<StoreModel> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    const set = this.setClause({ fields }, 3);
    if (!set.sql) return this.get(caller, storeId);
    const rows = rowsOf<StoreRow>(
      await this.db.query(
        `UPDATE stores SET ${set.sql}, updated_at = now()
          WHERE id = $1 AND owner_id = $2 RETURNING ${STORE_COLUMNS}`,
        [storeId, caller.accountId, ...set.values],
      ),
    );
    if (!rows[0]) throw StoreErrors.notFound();
    return toStoreModel(rows[0]);
  }

  /**
   * Deletes the store; everything it owns (apps, public tokens, products, orders) goes with it through
   * ON DELETE CASCADE foreign keys, in the same statement.
   */
  async delete(caller: AccountCaller, storeId: string): Promise<void> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    const rows = rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM stores WHERE id = $1 AND owner_id = $2 RETURNING id`, [
        storeId,
        caller.accountId,
      ]),
    );
    if (!rows[0]) throw StoreErrors.notFound();
  }

  /**
   * Whether the caller owns the store: for other contexts (apps, public tokens) that hang things off a
   * store. Throws store_not_found otherwise.
   */
  async assertOwned(caller: AccountCaller, storeId: string): Promise<void> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    const rows = await this.prepared.rows<{ id: string }>(
      'stores_owned_probe',
      'SELECT id FROM stores WHERE id = $1 AND owner_id = $2',
      [storeId, caller.accountId],
    );
    if (!rows[0]) throw StoreErrors.notFound();
  }

  /**
   * Changes a store under a row lock: reads it with SELECT … FOR UPDATE, lets `decide` (the caller's
   * rules; it may throw) choose the change from the locked state, and writes it in the same
   * transaction. Two decisions on the same store therefore never interleave — e.g. a stage call and a
   * `complete` are serialised, so a store can never turn active with a stage missing. `decide`
   * returning null means "no change" and answers the store as it is.
   */
  async changeLocked(
    caller: AccountCaller,
    storeId: string,
    decide: (progress: StoreProgress) => StorePatch | null,
  ): Promise<StoreModel> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    // Only the transaction's own manager inside: the embedded database has a single connection.
    return this.db.transaction(async (tx: EntityManager) => {
      const [locked] = rowsOf<StoreRow>(
        await tx.query(`SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 AND owner_id = $2 FOR UPDATE`, [
          storeId,
          caller.accountId,
        ]),
      );
      if (!locked) throw StoreErrors.notFound();
      const patch = decide({ status: locked.status, completedStages: locked.completed_stages.map(Number) });
      if (!patch) return toStoreModel(locked);
      const set = this.setClause(patch, 2);
      if (!set.sql) return toStoreModel(locked);
      const [row] = rowsOf<StoreRow>(
        await tx.query(
          `UPDATE stores SET ${set.sql}, updated_at = now() WHERE id = $1 RETURNING ${STORE_COLUMNS}`,
          [storeId, ...set.values],
        ),
      );
      return toStoreModel(row);
    });
  }

  /** SET clause for a patch; column names come only from FIELD_COLUMNS, values are parameters. */
  private setClause(patch: StorePatch, firstParam: number): { sql: string; values: unknown[] } {
    const parts: string[] = [];
    const values: unknown[] = [];
    const param = (value: unknown, cast = '') => {
      values.push(value);
      return `$${firstParam + values.length - 1}${cast}`;
    };
    for (const [key, column] of Object.entries(FIELD_COLUMNS) as [keyof StoreFields, string][]) {
      const value = patch.fields?.[key];
      if (value === undefined) continue;
      parts.push(
        key === 'address'
          ? `${column} = ${param(value === null ? null : JSON.stringify(value), '::jsonb')}`
          : `${column} = ${param(value)}`,
      );
    }
    if (patch.completedStages)
      parts.push(`completed_stages = ${param(patch.completedStages, '::smallint[]')}`);
    if (patch.activate) parts.push(`status = 'active', completed_at = now()`);
    return { sql: parts.join(', '), values };
  }
}
