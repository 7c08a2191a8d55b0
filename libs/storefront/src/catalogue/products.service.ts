import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/core';
import { Sql } from '@app/database';
import { DataSource } from 'typeorm';
import { ProductCreateInput, ProductUpdateInput } from '../inputs/product.input';
import { ProductModel } from '../models/product.model';
import { parseAmount } from '../money/money';
import { afterKey, Page, pageSize, toPage } from '../pagination/page';
import { requireScope, StorefrontCaller } from '../scopes';
import { StorefrontErrors } from '../storefront.errors';
import { PRODUCT_COLUMNS, ProductRow, toProductModel } from './product.row';

export const MAX_QUERY_LENGTH = 100;

/** `query` matches anywhere in title or handle, case-insensitively; its own % _ \ match literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The list has four fixed shapes (with/without a cursor, with/without a search) so that each is one
// named prepared statement whose plan is an index seek on (store_id, created_at, id) — a single statement
// with "$2 IS NULL OR …" would get a generic plan that cannot seek to the cursor.
const LIST_SQL = (withCursor: boolean, withQuery: boolean) => {
  // Parameters in the order list() pushes them: store, [cursor time, cursor id], [pattern], limit.
  let n = 1;
  const where = ['p.store_id = $1', 'p.deleted_at IS NULL'];
  if (withCursor) where.push(`(p.created_at, p.id) > ($${++n}::timestamptz, $${++n}::uuid)`);
  if (withQuery) {
    const q = `$${++n}`;
    where.push(`(p.title ILIKE ${q} ESCAPE '\\' OR p.handle ILIKE ${q} ESCAPE '\\')`);
  }
  return `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE ${where.join(' AND ')}
    ORDER BY p.created_at, p.id LIMIT $${++n}`;
};
const LIST_STATEMENTS = {
  sf_products_page: LIST_SQL(false, false),
  sf_products_page_after: LIST_SQL(true, false),
  sf_products_search: LIST_SQL(false, true),
  sf_products_search_after: LIST_SQL(true, true),
};

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const d = e.driverError ?? e;
  return d.code === '23505' && d.constraint === constraint;
}

/**
 * The catalogue. Every method takes the caller first and filters by the caller's store inside the SQL,
 * so another store's product is indistinguishable from one that does not exist.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly queries: Sql,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(
    caller: StorefrontCaller,
    args: { first?: number | null; after?: string | null; query?: string | null },
  ): Promise<Page<ProductModel>> {
    requireScope(caller, 'products:read');
    const size = pageSize(args.first);
    const key = afterKey('p', args.after);
    const query = args.query?.trim() ?? '';
    if (query.length > MAX_QUERY_LENGTH) {
      throw StorefrontErrors.badInput(`query must be at most ${MAX_QUERY_LENGTH} characters.`);
    }
    const values: unknown[] = [caller.storeId];
    if (key) values.push(key.createdAt, key.id);
    if (query) values.push(likePattern(query));
    values.push(size + 1);
    const name =
      `sf_products_${query ? 'search' : 'page'}${key ? '_after' : ''}` as keyof typeof LIST_STATEMENTS;
    const rows = await this.queries.rows<ProductRow>({
      name: name,
      text: LIST_STATEMENTS[name],
      values: values,
    });
    return toPage('p', rows, size, toProductModel);
  }

  /** `product(id | handle)`: exactly one of them; another store's (or a deleted) product is null. */
  async find(
    caller: StorefrontCaller,
    args: { id?: string | null; handle?: string | null },
  ): Promise<ProductModel | null> {
    requireScope(caller, 'products:read');
    const hasId = args.id !== null && args.id !== undefined;
    const hasHandle = args.handle !== null && args.handle !== undefined;
    if (hasId === hasHandle) throw StorefrontErrors.badInput('Give exactly one of id and handle.');
    if (hasId && !isUuid(args.id)) return null;
    const rows = hasId
      ? await this.queries.rows<ProductRow>({
          name: 'sf_product_by_id',
          text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL`,
          values: [args.id, caller.storeId],
        })
      : await this.queries.rows<ProductRow>({
          name: 'sf_product_by_handle',
          text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.handle = $2 AND p.deleted_at IS NULL`,
          values: [caller.storeId, args.handle],
        });
    return rows[0] ? toProductModel(rows[0]) : null;
  }

  /**
   * For the request's DataLoader: products of one store by id, deleted ones included (an order line keeps
   * showing the product it was placed for).
   */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, ProductModel>> {
    const rows = await this.queries.rows<ProductRow>({
      name: 'sf_products_by_ids',
      text: `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.store_id = $1 AND p.id = ANY($2::uuid[])`,
      values: [storeId, ids.filter((id) => isUuid(id))],
    });
    return new Map(rows.map((row) => [row.id, toProductModel(row)]));
  }

  async create(caller: StorefrontCaller, input: ProductCreateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
    const price = this.price(input.price, input.currencyCode);
    try {
      const rows = await this.dataSource.query<ProductRow[]>(
        `INSERT INTO products AS p (store_id, handle, title, description, price_minor, currency_code, inventory)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PRODUCT_COLUMNS}`,
        [
          caller.storeId,
          input.handle,
          input.title,
          input.description ?? null,
          price.toString(),
          input.currencyCode,
          input.inventory,
        ],
      );
      return toProductModel(rows[0]);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async update(caller: StorefrontCaller, id: string, input: ProductUpdateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
    if (!isUuid(id)) throw this.notFound();
    const sets: string[] = [];
    const values: unknown[] = [id, caller.storeId];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (input.currencyCode !== undefined && input.price === undefined) {
      // The stored minor units mean something else in another currency (USD cents vs whole yen).
      throw StorefrontErrors.badInput('Give price together with currencyCode.', [
        { field: 'price', message: 'price is required when currencyCode changes' },
      ]);
    }
    if (input.price !== undefined) {
      let currency = input.currencyCode;
      if (currency === undefined) {
        const current = await this.dataSource.query<{ currency_code: string }[]>(
          `SELECT currency_code FROM products WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL`,
          [id, caller.storeId],
        );
        if (!current[0]) throw this.notFound();
        currency = current[0].currency_code;
      }
      set('price_minor', this.price(input.price, currency).toString());
      set('currency_code', currency);
    }
    if (input.handle !== undefined) set('handle', input.handle);
    if (input.title !== undefined) set('title', input.title);
    if (input.description !== undefined) set('description', input.description);
    if (input.inventory !== undefined) set('inventory', input.inventory);
    sets.push('updated_at = now()');
    try {
      const rows = await this.dataSource.query<ProductRow[]>(
        `WITH updated AS (
           UPDATE products p SET ${sets.join(', ')}
            WHERE p.id = $1 AND p.store_id = $2 AND p.deleted_at IS NULL RETURNING p.*)
         SELECT ${PRODUCT_COLUMNS} FROM updated p`,
        values,
      );
      if (!rows[0]) throw this.notFound();
      return toProductModel(rows[0]);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Marks the product deleted (order lines keep it); its handle becomes free. */
  async delete(caller: StorefrontCaller, id: string): Promise<string> {
    requireScope(caller, 'products:write');
    if (!isUuid(id)) throw this.notFound();
    const rows = await this.dataSource.query<{ id: string }[]>(
      `WITH deleted AS (
         UPDATE products SET deleted_at = now(), updated_at = now()
          WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL RETURNING id)
       SELECT id FROM deleted`,
      [id, caller.storeId],
    );
    if (!rows[0]) throw this.notFound();
    return rows[0].id;
  }

  private price(amount: string, currencyCode: string): bigint {
    const parsed = parseAmount(amount, currencyCode);
    if (!parsed.ok) {
      const field = parsed.message.startsWith('currencyCode') ? 'currencyCode' : 'price';
      throw StorefrontErrors.badInput(parsed.message, [{ field, message: parsed.message }]);
    }
    return parsed.minor;
  }

  private notFound() {
    return StorefrontErrors.notFound('No such product in this store.');
  }

  private translate(error: unknown): unknown {
    if (isUniqueViolation(error, 'uq_products_store_handle')) {
      return StorefrontErrors.badInput('Another product of this store already has this handle.', [
        { field: 'handle', message: 'handle is already taken in this store' },
      ]);
    }
    return error;
  }
}
