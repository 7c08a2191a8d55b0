import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { keysetList } from '../pagination/keyset-list';
import { After } from '../pagination/page';
import { PRODUCT_COLUMNS, ProductRow, ProductWrite, WRITABLE_COLUMNS } from './product.row';

const productList = (name: string, newest: boolean) =>
  keysetList({
    name,
    columns: PRODUCT_COLUMNS,
    table: 'products p',
    alias: 'p',
    where: ['p.deleted_at IS NULL'],
    newest,
    search: (q) => `(p.title ILIKE ${q} ESCAPE '\\' OR p.handle ILIKE ${q} ESCAPE '\\')`,
  });
const OLDEST_FIRST = productList('products_oldest', false);
const NEWEST_FIRST = productList('products_newest', true);

/** The columns and parameters of a write: names only from WRITABLE_COLUMNS, in its order. */
function columnsOf(write: ProductWrite): { columns: string[]; values: unknown[] } {
  const columns = WRITABLE_COLUMNS.filter((column) => write[column] !== undefined);
  return { columns, values: columns.map((column) => write[column]) };
}

/**
 * What insert and update throw when another live product of the store already has the handle: the
 * database's unique violation on uq_products_store_handle, named so the service need not know SQLSTATEs.
 */
export class HandleTakenError extends Error {
  constructor() {
    super('Another product of this store already has this handle.');
    this.name = 'HandleTakenError';
  }
}

/** Postgres's unique_violation (23505) on that constraint, raw or under TypeORM's QueryFailedError. */
function isHandleViolation(error: unknown): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const d = e.driverError ?? e;
  return d.code === '23505' && d.constraint === 'uq_products_store_handle';
}

/** Runs a write, turning a taken handle into HandleTakenError. */
async function handleChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isHandleViolation(error)) throw new HandleTakenError();
    throw error;
  }
}

/**
 * The `products` table. Every statement is scoped by the store, so another store's product reads as
 * missing; deleted products are hidden from the catalogue but kept for the order lines that name them.
 * Writes run in the caller's transaction (`tx`), where their event is written too.
 */
@Injectable()
export class ProductsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * `limit` rows in (created_at, id) order — oldest first, or newest first — past the cursor's row,
   * matching the LIKE pattern when given.
   */
  page(
    storeId: string,
    options: { newest: boolean; after: After; pattern: string | null; limit: number },
  ): Promise<ProductRow[]> {
    const list = options.newest ? NEWEST_FIRST : OLDEST_FIRST;
    return this.sql.rows<ProductRow>(list(storeId, options.after, options.limit, options.pattern));
  }

  byId(storeId: string, id: string): Promise<ProductRow | undefined> {
    return this.sql.one<ProductRow>({
      name: 'sf_product_by_id',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL`,
      values: [id, storeId],
    });
  }

  /** (v1.4) Marks a live product changed now (its variants or options were): the product as it is now. */
  touch(tx: EntityManager, storeId: string, id: string): Promise<ProductRow | undefined> {
    return this.sql.one<ProductRow>(
      {
        text: `WITH touched AS (
                 UPDATE products p SET updated_at = now()
                  WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL RETURNING p.*)
               SELECT ${PRODUCT_COLUMNS} FROM touched p`,
        values: [id, storeId],
      },
      tx,
    );
  }

  /** (v1.4) Whether the product has options (then its price and stock are its variants', not its own). */
  async hasOptions(storeId: string, id: string): Promise<boolean> {
    const row = await this.sql.one({
      text: `SELECT 1 FROM product_options WHERE product_id = $1 AND store_id = $2 LIMIT 1`,
      values: [id, storeId],
    });
    return row !== undefined;
  }

  byHandle(storeId: string, handle: string): Promise<ProductRow | undefined> {
    return this.sql.one<ProductRow>({
      name: 'sf_product_by_handle',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.handle = $2 AND p.deleted_at IS NULL`,
      values: [storeId, handle],
    });
  }

  /**
   * Live products of one store by id. (v1.4) A deleted one is left out: an order line's `product` is null
   * once its product is deleted (the line keeps its own title, SKU and price).
   */
  byIds(storeId: string, ids: string[]): Promise<ProductRow[]> {
    return this.sql.rows<ProductRow>({
      name: 'sf_live_products_by_ids',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p
              WHERE p.store_id = $1 AND p.id = ANY($2::uuid[]) AND p.deleted_at IS NULL`,
      values: [storeId, ids],
    });
  }

  /** Inserts a product of the store; HandleTakenError when its handle is another live product's. */
  async insert(tx: EntityManager, storeId: string, product: ProductWrite): Promise<ProductRow> {
    const { columns, values } = columnsOf(product);
    const row = await handleChecked(
      this.sql.one<ProductRow>(
        {
          text: `INSERT INTO products AS p (store_id, ${columns.join(', ')})
               VALUES (${['$1', ...columns.map((_, i) => `$${i + 2}`)].join(', ')}) RETURNING ${PRODUCT_COLUMNS}`,
          values: [storeId, ...values],
        },
        tx,
      ),
    );
    return row as ProductRow;
  }

  async currencyOf(storeId: string, id: string): Promise<string | undefined> {
    const row = await this.sql.one<{ currency_code: string }>({
      text: `SELECT currency_code FROM products WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL`,
      values: [id, storeId],
    });
    return row?.currency_code;
  }

  /**
   * Applies the changes to a live product of the store; undefined when there is none, HandleTakenError
   * when the new handle is another product's.
   */
  update(
    tx: EntityManager,
    storeId: string,
    id: string,
    changes: ProductWrite,
  ): Promise<ProductRow | undefined> {
    const { columns, values } = columnsOf(changes);
    const sets = [...columns.map((column, i) => `${column} = $${i + 3}`), 'updated_at = now()'];
    return handleChecked(
      this.sql.one<ProductRow>(
        {
          text: `WITH updated AS (
                 UPDATE products p SET ${sets.join(', ')}
                  WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL RETURNING p.*)
               SELECT ${PRODUCT_COLUMNS} FROM updated p`,
          values: [id, storeId, ...values],
        },
        tx,
      ),
    );
  }

  /** Marks a live product deleted (its handle becomes free): its id, or undefined when there is none. */
  async softDelete(tx: EntityManager, storeId: string, id: string): Promise<string | undefined> {
    const row = await this.sql.one<{ id: string }>(
      {
        // (v1.4) Its variants' SKUs are free again, as its handle is (order lines keep their own copy).
        text: `WITH gone AS (
                 UPDATE products SET deleted_at = now(), updated_at = now()
                  WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL RETURNING id
               ), freed AS (
                 UPDATE product_variants SET sku = NULL WHERE product_id IN (SELECT id FROM gone) AND sku IS NOT NULL
               )
               SELECT id FROM gone`,
        values: [id, storeId],
      },
      tx,
    );
    return row?.id;
  }

  /**
   * Locks the store's products of these ids (live or deleted) in id order, as every locker of several
   * products does; with `wait` false, skips those another transaction holds. The ids locked.
   */
  async lock(tx: EntityManager, storeId: string, ids: string[], wait: boolean): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.rows<{ id: string }>(
      {
        text: `SELECT id FROM products WHERE store_id = $1 AND id = ANY($2::uuid[])
                ORDER BY id FOR UPDATE${wait ? '' : ' SKIP LOCKED'}`,
        values: [storeId, ids],
      },
      tx,
    );
    return rows.map((row) => row.id);
  }

  /** Runs `work` in one transaction: a product write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}
