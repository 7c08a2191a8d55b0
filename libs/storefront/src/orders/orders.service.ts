import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/core';
import { Sql } from '@app/database';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_LINE_QUANTITY, OrderCreateInput } from '../inputs/order.input';
import { MoneyModel } from '../models/money.model';
import { OrderLineModel, OrderModel } from '../models/order.model';
import { cursorTimestampSql } from '../pagination/cursor';
import { afterKey, Page, pageSize, toPage } from '../pagination/page';
import { requireScope, StorefrontCaller } from '../scopes';
import { StorefrontErrors } from '../storefront.errors';

interface OrderRow {
  id: string;
  status: string;
  customer_email: string;
  total_minor: string;
  currency_code: string;
  created_at: Date;
  cursor_ts: string;
}

interface LineRow {
  order_id: string;
  position: number;
  product_id: string;
  quantity: number;
  unit_price_minor: string;
  currency_code: string;
}

const ORDER_COLUMNS = `o.id, o.status, o.customer_email, o.total_minor, o.currency_code, o.created_at,
  ${cursorTimestampSql('o.created_at')} AS cursor_ts`;

function toOrderModel(row: OrderRow): OrderModel {
  const order = new OrderModel();
  order.id = row.id;
  order.status = row.status;
  order.customerEmail = row.customer_email;
  order.total = MoneyModel.of(row.total_minor, row.currency_code);
  order.createdAt = row.created_at;
  return order;
}

function toLineModel(row: Omit<LineRow, 'order_id' | 'position'>): OrderLineModel {
  const line = new OrderLineModel();
  line.productId = row.product_id;
  line.quantity = row.quantity;
  line.unitPrice = MoneyModel.of(row.unit_price_minor, row.currency_code);
  line.lineTotal = MoneyModel.of(BigInt(row.unit_price_minor) * BigInt(row.quantity), row.currency_code);
  return line;
}

/** Lines naming the same product are merged (quantities added), in the order each product first appears. */
export function mergeLines(
  lines: readonly { productId: string; quantity: number }[],
): { productId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** UPDATE … RETURNING through a transaction's manager, as rows (TypeORM's query() returns [rows, count]). */
async function rowsOf<T>(manager: EntityManager, sql: string, values: unknown[]): Promise<T[]> {
  const result = await manager.queryRunner!.query(sql, values, true);
  return result.records as T[];
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly queries: Sql,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(
    caller: StorefrontCaller,
    args: { first?: number | null; after?: string | null },
  ): Promise<Page<OrderModel>> {
    requireScope(caller, 'orders:read');
    const size = pageSize(args.first);
    const key = afterKey('o', args.after);
    const rows = key
      ? await this.queries.rows<OrderRow>({
          name: 'sf_orders_page_after',
          text: `SELECT ${ORDER_COLUMNS} FROM orders o
            WHERE o.store_id = $1 AND (o.created_at, o.id) > ($2::timestamptz, $3::uuid)
            ORDER BY o.created_at, o.id LIMIT $4`,
          values: [caller.storeId, key.createdAt, key.id, size + 1],
        })
      : await this.queries.rows<OrderRow>({
          name: 'sf_orders_page',
          text: `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.store_id = $1 ORDER BY o.created_at, o.id LIMIT $2`,
          values: [caller.storeId, size + 1],
        });
    return toPage('o', rows, size, toOrderModel);
  }

  async find(caller: StorefrontCaller, id: string): Promise<OrderModel | null> {
    requireScope(caller, 'orders:read');
    if (!isUuid(id)) return null;
    const rows = await this.queries.rows<OrderRow>({
      name: 'sf_order_by_id',
      text: `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1 AND o.store_id = $2`,
      values: [id, caller.storeId],
    });
    return rows[0] ? toOrderModel(rows[0]) : null;
  }

  /** For the request's DataLoader: the lines of many orders in one query (the orders are the caller's). */
  async linesOf(storeId: string, orderIds: readonly string[]): Promise<Map<string, OrderLineModel[]>> {
    // The store is in the query although the order ids already came from a store-scoped read: defence
    // in depth, so a loader fed a foreign id can never return another store's lines.
    const rows = await this.queries.rows<LineRow>({
      name: 'sf_order_lines',
      text: `SELECT l.order_id, l.position, l.product_id, l.quantity, l.unit_price_minor, l.currency_code
         FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.order_id = ANY($1::uuid[]) AND o.store_id = $2
        ORDER BY l.order_id, l.position`,
      values: [orderIds, storeId],
    });
    const byOrder = new Map<string, OrderLineModel[]>();
    for (const row of rows) {
      const lines = byOrder.get(row.order_id) ?? [];
      lines.push(toLineModel(row));
      byOrder.set(row.order_id, lines);
    }
    return byOrder;
  }

  /**
   * Places an order: every line is priced from the catalogue and its stock taken by a conditional
   * UPDATE (… AND inventory >= quantity) inside ONE transaction, so concurrent orders never oversell —
   * a second buyer's UPDATE waits for the first one's row lock, then re-checks the stock it left. Rows
   * are updated in product-id order so two orders over the same products always lock them in the same
   * order and cannot deadlock. Any line that cannot be served throws, and the rollback undoes every
   * earlier decrement: the order happens whole or not at all.
   */
  async create(caller: StorefrontCaller, input: OrderCreateInput): Promise<OrderModel> {
    requireScope(caller, 'orders:write');
    const lines = mergeLines(input.lines);
    for (const line of lines) {
      if (!isUuid(line.productId))
        throw StorefrontErrors.notFound(`No product ${line.productId} in this store.`);
      if (line.quantity > MAX_LINE_QUANTITY) {
        throw StorefrontErrors.badInput(`At most ${MAX_LINE_QUANTITY} units of one product per order.`);
      }
    }
    const email = input.customerEmail.trim();
    return this.dataSource.transaction('READ COMMITTED', async (manager) => {
      const prices = new Map<string, { minor: bigint; currency: string }>();
      for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
        const taken = await rowsOf<{ price_minor: string; currency_code: string }>(
          manager,
          `UPDATE products SET inventory = inventory - $3, updated_at = now()
            WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL AND inventory >= $3
            RETURNING price_minor, currency_code`,
          [line.productId, caller.storeId, line.quantity],
        );
        if (!taken[0]) {
          const exists = await manager.query<unknown[]>(
            `SELECT 1 FROM products WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL`,
            [line.productId, caller.storeId],
          );
          throw exists.length
            ? StorefrontErrors.outOfStock(line.productId)
            : StorefrontErrors.notFound(`No product ${line.productId} in this store.`);
        }
        prices.set(line.productId, { minor: BigInt(taken[0].price_minor), currency: taken[0].currency_code });
      }
      const currencies = new Set([...prices.values()].map((p) => p.currency));
      if (currencies.size > 1) {
        throw StorefrontErrors.badInput('All products of one order must be priced in the same currency.');
      }
      const [currency] = currencies;
      const total = lines.reduce((sum, l) => sum + prices.get(l.productId)!.minor * BigInt(l.quantity), 0n);
      const [order] = await manager.query<OrderRow[]>(
        `INSERT INTO orders AS o (store_id, customer_email, total_minor, currency_code)
         VALUES ($1, $2, $3, $4) RETURNING ${ORDER_COLUMNS}`,
        [caller.storeId, email, total.toString(), currency],
      );
      await manager.query(
        `INSERT INTO order_lines (order_id, position, product_id, quantity, unit_price_minor, currency_code)
         SELECT $1, l.position - 1, l.product_id, l.quantity, l.unit_price_minor, $2
           FROM unnest($3::uuid[], $4::int[], $5::bigint[]) WITH ORDINALITY
                AS l(product_id, quantity, unit_price_minor, position)`,
        [
          order.id,
          currency,
          lines.map((l) => l.productId),
          lines.map((l) => l.quantity),
          lines.map((l) => prices.get(l.productId)!.minor.toString()),
        ],
      );
      const model = toOrderModel(order);
      model.knownLines = lines.map((l) =>
        toLineModel({
          product_id: l.productId,
          quantity: l.quantity,
          unit_price_minor: prices.get(l.productId)!.minor.toString(),
          currency_code: currency,
        }),
      );
      return model;
    });
  }
}
