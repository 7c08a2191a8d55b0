import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import { EntityManager } from 'typeorm';
import { cursorTimestampSql } from '../pagination/cursor';
import { keysetList } from '../pagination/keyset-list';

export interface OrderRow {
  id: string;
  status: string;
  customer_email: string;
  total_minor: string;
  currency_code: string;
  created_at: Date;
  cursor_ts: string;
}

export interface LineRow {
  order_id: string;
  position: number;
  product_id: string;
  quantity: number;
  unit_price_minor: string;
  currency_code: string;
}

const ORDER_COLUMNS = `o.id, o.status, o.customer_email, o.total_minor, o.currency_code, o.created_at,
  ${cursorTimestampSql('o.created_at')} AS cursor_ts`;
const orderList = (name: string, newest: boolean) =>
  keysetList({ name, columns: ORDER_COLUMNS, table: 'orders o', alias: 'o', newest });
const STOREFRONT_PAGE = orderList('sf_orders', false);
const OWNER_PAGE = orderList('owner_orders', true);

/**
 * The `orders` and `order_lines` tables, and the stock an order takes from `products`. Every read is
 * scoped by the store; the writes run in the caller's transaction (`tx`).
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly sql: Sql) {}

  /** One page in (created_at, id) order, after the cursor when given. */
  page(
    storeId: string,
    options: { after?: { createdAt: string; id: string } | null; limit: number },
  ): Promise<OrderRow[]> {
    return this.sql.rows<OrderRow>(STOREFRONT_PAGE(storeId, options.after, options.limit));
  }

  /** One page newest first, before the cursor when given (the owner's list). */
  pageNewest(
    storeId: string,
    options: { before?: { createdAt: string; id: string } | null; limit: number },
  ): Promise<OrderRow[]> {
    return this.sql.rows<OrderRow>(OWNER_PAGE(storeId, options.before, options.limit));
  }

  byId(storeId: string, id: string): Promise<OrderRow | undefined> {
    return this.sql.one<OrderRow>({
      name: 'sf_order_by_id',
      text: `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1 AND o.store_id = $2`,
      values: [id, storeId],
    });
  }

  /**
   * The lines of many orders in one query, in order and position order. The store is in the query
   * although the order ids come from a store-scoped read: defence in depth, so a loader fed a foreign id
   * can never return another store's lines.
   */
  lines(storeId: string, orderIds: readonly string[]): Promise<LineRow[]> {
    return this.sql.rows<LineRow>({
      name: 'sf_order_lines',
      text: `SELECT l.order_id, l.position, l.product_id, l.quantity, l.unit_price_minor, l.currency_code
         FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.order_id = ANY($1::uuid[]) AND o.store_id = $2
        ORDER BY l.order_id, l.position`,
      values: [orderIds, storeId],
    });
  }

  /**
   * Takes `quantity` units of a live product of the store when that many are in stock (a conditional
   * UPDATE, so it waits for a concurrent order's row lock and re-checks what it left): the unit price, or
   * undefined when the product is missing or short.
   */
  takeStock(
    tx: EntityManager,
    storeId: string,
    productId: string,
    quantity: number,
  ): Promise<{ price_minor: string; currency_code: string } | undefined> {
    return this.sql.one(
      {
        text: `UPDATE products SET inventory = inventory - $3, updated_at = now()
                WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL AND inventory >= $3
                RETURNING price_minor, currency_code`,
        values: [productId, storeId, quantity],
      },
      tx,
    );
  }

  async productExists(tx: EntityManager, storeId: string, productId: string): Promise<boolean> {
    const row = await this.sql.one(
      {
        text: `SELECT 1 FROM products WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL`,
        values: [productId, storeId],
      },
      tx,
    );
    return row !== undefined;
  }

  /** Inserts the order and its lines (positions from 0, in the given order). */
  async insert(
    tx: EntityManager,
    storeId: string,
    order: {
      customerEmail: string;
      totalMinor: string;
      currencyCode: string;
      lines: { productId: string; quantity: number; unitPriceMinor: string }[];
    },
  ): Promise<OrderRow> {
    const row = (await this.sql.one<OrderRow>(
      {
        text: `INSERT INTO orders AS o (store_id, customer_email, total_minor, currency_code)
               VALUES ($1, $2, $3, $4) RETURNING ${ORDER_COLUMNS}`,
        values: [storeId, order.customerEmail, order.totalMinor, order.currencyCode],
      },
      tx,
    )) as OrderRow;
    await this.sql.run(
      {
        text: `INSERT INTO order_lines (order_id, position, product_id, quantity, unit_price_minor, currency_code)
               SELECT $1, l.position - 1, l.product_id, l.quantity, l.unit_price_minor, $2
                 FROM unnest($3::uuid[], $4::int[], $5::bigint[]) WITH ORDINALITY
                      AS l(product_id, quantity, unit_price_minor, position)`,
        values: [
          row.id,
          order.currencyCode,
          order.lines.map((l) => l.productId),
          order.lines.map((l) => l.quantity),
          order.lines.map((l) => l.unitPriceMinor),
        ],
      },
      tx,
    );
    return row;
  }

  /** Runs `work` in one READ COMMITTED transaction (each conditional UPDATE sees the stock just committed). */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work, 'READ COMMITTED');
  }
}
