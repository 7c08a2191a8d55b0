import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { keysetList } from '../pagination/keyset-list';
import { PRODUCT_COLUMNS, ProductRow } from './product.row';

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
const CATALOGUE_PAGE = productList('sf_products', false);
const OWNER_PAGE = productList('owner_products', true);

/** The columns an update may set (names come only from here; values are parameters). */
export interface ProductChanges {
  price_minor?: string;
  currency_code?: string;
  handle?: string;
  title?: string;
  description?: string | null;
  inventory?: number;
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

  /** One page in (created_at, id) order, after the cursor, matching the LIKE pattern when given. */
  page(
    storeId: string,
    options: { after?: { createdAt: string; id: string } | null; pattern?: string | null; limit: number },
  ): Promise<ProductRow[]> {
    return this.sql.rows<ProductRow>(CATALOGUE_PAGE(storeId, options.after, options.limit, options.pattern));
  }

  /** One page newest first, before the cursor (the owner's list); otherwise as page(). */
  pageNewest(
    storeId: string,
    options: { before?: { createdAt: string; id: string } | null; pattern?: string | null; limit: number },
  ): Promise<ProductRow[]> {
    return this.sql.rows<ProductRow>(OWNER_PAGE(storeId, options.before, options.limit, options.pattern));
  }

  byId(storeId: string, id: string): Promise<ProductRow | undefined> {
    return this.sql.one<ProductRow>({
      name: 'sf_product_by_id',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL`,
      values: [id, storeId],
    });
  }

  byHandle(storeId: string, handle: string): Promise<ProductRow | undefined> {
    return this.sql.one<ProductRow>({
      name: 'sf_product_by_handle',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.handle = $2 AND p.deleted_at IS NULL`,
      values: [storeId, handle],
    });
  }

  /** Products of one store by id, deleted ones included (for order lines). */
  byIds(storeId: string, ids: string[]): Promise<ProductRow[]> {
    return this.sql.rows<ProductRow>({
      name: 'sf_products_by_ids',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.id = ANY($2::uuid[])`,
      values: [storeId, ids],
    });
  }

  /** Inserts a product of the store; HandleTakenError when its handle is another live product's. */
  async insert(
    tx: EntityManager,
    storeId: string,
    product: {
      handle: string;
      title: string;
      description: string | null;
      priceMinor: string;
      currencyCode: string;
      inventory: number;
    },
  ): Promise<ProductRow> {
    const row = await handleChecked(
      this.sql.one<ProductRow>(
        {
          text: `INSERT INTO products AS p (store_id, handle, title, description, price_minor, currency_code, inventory)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PRODUCT_COLUMNS}`,
          values: [
            storeId,
            product.handle,
            product.title,
            product.description,
            product.priceMinor,
            product.currencyCode,
            product.inventory,
          ],
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
    changes: ProductChanges,
  ): Promise<ProductRow | undefined> {
    const values: unknown[] = [id, storeId];
    const sets: string[] = [];
    for (const column of [
      'price_minor',
      'currency_code',
      'handle',
      'title',
      'description',
      'inventory',
    ] as const) {
      if (changes[column] === undefined) continue;
      values.push(changes[column]);
      sets.push(`${column} = $${values.length}`);
    }
    sets.push('updated_at = now()');
    return handleChecked(
      this.sql.one<ProductRow>(
        {
          text: `WITH updated AS (
                 UPDATE products p SET ${sets.join(', ')}
                  WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL RETURNING p.*)
               SELECT ${PRODUCT_COLUMNS} FROM updated p`,
          values,
        },
        tx,
      ),
    );
  }

  /** Marks a live product deleted (its handle becomes free): its id, or undefined when there is none. */
  async softDelete(tx: EntityManager, storeId: string, id: string): Promise<string | undefined> {
    const row = await this.sql.one<{ id: string }>(
      {
        text: `UPDATE products SET deleted_at = now(), updated_at = now()
                WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL RETURNING id`,
        values: [id, storeId],
      },
      tx,
    );
    return row?.id;
  }

  /** Runs `work` in one transaction: a product write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }
}
