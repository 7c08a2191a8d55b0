import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import { EntityManager } from 'typeorm';
import { keysetList } from '../pagination/keyset-list';
import { After } from '../pagination/page';
import { PAYMENT_TIMEOUT, type OrderSource, type PaymentStatus } from './order';
import { LineRow, ORDER_COLUMNS, OrderRow } from './order.row';

const orderList = (name: string, newest: boolean) =>
  keysetList({ name, columns: ORDER_COLUMNS, table: 'orders o', alias: 'o', newest });
const OLDEST_FIRST = orderList('orders_oldest', false);
const NEWEST_FIRST = orderList('orders_newest', true);

/**
 * The `orders` and `order_lines` tables, and the stock an order takes from `products`. Every read is
 * scoped by the store; the writes run in the caller's transaction (`tx`).
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly sql: Sql) {}

  /** `limit` rows in (created_at, id) order — oldest first, or newest first — past the cursor's row. */
  page(storeId: string, options: { newest: boolean; after: After; limit: number }): Promise<OrderRow[]> {
    const list = options.newest ? NEWEST_FIRST : OLDEST_FIRST;
    return this.sql.rows<OrderRow>(list(storeId, options.after, options.limit));
  }

  /** One order of the store; in `tx` when given (the lifecycle reads it in the change's transaction). */
  byId(storeId: string, id: string, tx?: EntityManager): Promise<OrderRow | undefined> {
    return this.sql.one<OrderRow>(
      {
        name: 'sf_order_by_id',
        text: `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1 AND o.store_id = $2`,
        values: [id, storeId],
      },
      tx,
    );
  }

  /**
   * The lines of many orders in one query, in order and position order. The store is in the query
   * although the order ids come from a store-scoped read: defence in depth, so a loader fed a foreign id
   * can never return another store's lines.
   */
  lines(storeId: string, orderIds: readonly string[], tx?: EntityManager): Promise<LineRow[]> {
    return this.sql.rows<LineRow>(
      {
        name: 'sf_order_lines',
        // (v1.4) A line placed before variants has no title of its own: it reads as its product's.
        text: `SELECT l.order_id, l.position, l.product_id, l.variant_id, coalesce(l.title, p.title) AS title, l.sku,
                  l.quantity, l.unit_price_minor, l.currency_code
           FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN products p ON p.id = l.product_id
          WHERE l.order_id = ANY($1::uuid[]) AND o.store_id = $2
          ORDER BY l.order_id, l.position`,
        values: [orderIds, storeId],
      },
      tx,
    );
  }

  /**
   * (v1.4) Locks the products of an order's lines in id order, before their variants: every write that
   * touches a product and its variants takes the product first (a variant's stock change updates its
   * product's total by trigger), so two orders — or an order and a variant write — cannot deadlock.
   */
  async lockProducts(tx: EntityManager, storeId: string, productIds: string[]): Promise<void> {
    await this.sql.run(
      {
        name: 'sf_order_lock_products',
        text: `SELECT id FROM products WHERE id = ANY($1::uuid[]) AND store_id = $2 ORDER BY id FOR UPDATE`,
        values: [productIds, storeId],
      },
      tx,
    );
  }

  /**
   * (v1.4) Takes `quantity` units of a variant of a live product of the store when that many are in stock:
   * the conditional UPDATE of takeStock, per variant. What the line keeps as sold, or undefined when the
   * variant is missing or short.
   */
  takeVariantStock(
    tx: EntityManager,
    storeId: string,
    variantId: string,
    quantity: number,
  ): Promise<
    | {
        price_minor: string;
        currency_code: string;
        product_title: string;
        sku: string | null;
        selected_options: { name: string; value: string }[];
      }
    | undefined
  > {
    return this.sql.one(
      {
        name: 'sf_take_variant_stock',
        text: `UPDATE product_variants v SET inventory = v.inventory - $3, updated_at = now()
                 FROM products p
                WHERE v.id = $1 AND v.store_id = $2 AND p.id = v.product_id AND p.deleted_at IS NULL
                  AND v.inventory >= $3
            RETURNING v.price_minor, p.currency_code, p.title AS product_title, v.sku,
                      coalesce((SELECT json_agg(json_build_object('name', o.name, 'value', ov.value) ORDER BY o.position)
                                  FROM product_option_values ov JOIN product_options o ON o.id = ov.option_id
                                 WHERE ov.id IN (v.option1_value_id, v.option2_value_id, v.option3_value_id)),
                               '[]'::json) AS selected_options`,
        values: [variantId, storeId, quantity],
      },
      tx,
    );
  }

  async variantExists(tx: EntityManager, storeId: string, variantId: string): Promise<boolean> {
    const row = await this.sql.one(
      {
        text: `SELECT 1 FROM product_variants v JOIN products p ON p.id = v.product_id
                WHERE v.id = $1 AND v.store_id = $2 AND p.deleted_at IS NULL`,
        values: [variantId, storeId],
      },
      tx,
    );
    return row !== undefined;
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
        name: 'sf_take_stock',
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
      source: OrderSource;
      paymentStatus: PaymentStatus;
      totalMinor: string;
      currencyCode: string;
      lines: {
        productId: string;
        variantId: string;
        title: string;
        sku: string | null;
        quantity: number;
        unitPriceMinor: string;
      }[];
    },
  ): Promise<OrderRow> {
    const row = (await this.sql.one<OrderRow>(
      {
        name: 'sf_order_insert',
        text: `INSERT INTO orders AS o (store_id, customer_email, total_minor, currency_code, source, payment_status, paid_at)
               VALUES ($1, $2, $3, $4, $5, $6::varchar, CASE WHEN $6::varchar = 'paid' THEN now() END)
               RETURNING ${ORDER_COLUMNS}`,
        values: [
          storeId,
          order.customerEmail,
          order.totalMinor,
          order.currencyCode,
          order.source,
          order.paymentStatus,
        ],
      },
      tx,
    )) as OrderRow;
    await this.sql.run(
      {
        text: `INSERT INTO order_lines (order_id, position, product_id, quantity, unit_price_minor, currency_code,
                                         variant_id, title, sku)
               SELECT $1, l.position - 1, l.product_id, l.quantity, l.unit_price_minor, $2, l.variant_id, l.title, l.sku
                 FROM unnest($3::uuid[], $4::int[], $5::bigint[], $6::uuid[], $7::text[], $8::text[]) WITH ORDINALITY
                      AS l(product_id, quantity, unit_price_minor, variant_id, title, sku, position)`,
        values: [
          row.id,
          order.currencyCode,
          order.lines.map((l) => l.productId),
          order.lines.map((l) => l.quantity),
          order.lines.map((l) => l.unitPriceMinor),
          order.lines.map((l) => l.variantId),
          order.lines.map((l) => l.title),
          order.lines.map((l) => l.sku),
        ],
      },
      tx,
    );
    return row;
  }

  /**
   * Moves an open order of the store to `fulfilled` or `cancelled` (with the time, and for a cancel its
   * reason): a conditional UPDATE on `status = 'open'`, so of two concurrent moves — a fulfil and a cancel,
   * or two cancels — the second waits for the first one's row lock, re-checks the status it left, and
   * matches nothing. The order as it is now, or undefined when it is missing or no longer open.
   */
  moveFromOpen(
    tx: EntityManager,
    storeId: string,
    id: string,
    to: 'fulfilled' | 'cancelled',
    reason: string | null,
  ): Promise<OrderRow | undefined> {
    return this.sql.one<OrderRow>(
      {
        name: 'sf_order_move',
        text: `UPDATE orders AS o
                  SET status = $3::varchar,
                      fulfilled_at = CASE WHEN $3::varchar = 'fulfilled' THEN now() END,
                      cancelled_at = CASE WHEN $3::varchar = 'cancelled' THEN now() END,
                      cancel_reason = CASE WHEN $3::varchar = 'cancelled' THEN $4::varchar END
                WHERE o.id = $1 AND o.store_id = $2 AND o.status = 'open'
            RETURNING ${ORDER_COLUMNS}`,
        values: [id, storeId, to, reason],
      },
      tx,
    );
  }

  /**
   * (v1.4) Marks a pending order of the store paid, now: a conditional UPDATE (`payment_status = 'pending'`
   * and not cancelled), so of a mark-paid racing another, or racing the hold's expiry, exactly one wins —
   * the loser waits for the winner's row lock and matches nothing. The order as it is now, or undefined
   * when it is missing, already paid or cancelled.
   */
  markPaid(tx: EntityManager, storeId: string, id: string): Promise<OrderRow | undefined> {
    return this.sql.one<OrderRow>(
      {
        name: 'sf_order_mark_paid',
        text: `UPDATE orders AS o SET payment_status = 'paid', paid_at = now()
                WHERE o.id = $1 AND o.store_id = $2 AND o.payment_status = 'pending' AND o.status <> 'cancelled'
            RETURNING ${ORDER_COLUMNS}`,
        values: [id, storeId],
      },
      tx,
    );
  }

  /**
   * (v1.4) Up to `limit` orders whose stock hold has run out (pending, still open, placed more than
   * `ttlSeconds` ago), oldest first, with their stores: candidates only — each is cancelled by expireHold,
   * which checks the same condition again under the row lock. Read through ix_orders_pending_holds.
   */
  expiredHolds(ttlSeconds: number, limit: number): Promise<{ id: string; store_id: string }[]> {
    return this.sql.rows({
      name: 'sf_orders_expired_holds',
      text: `SELECT id, store_id FROM orders
              WHERE payment_status = 'pending' AND status = 'open'
                AND created_at < now() - $1::int * interval '1 second'
              ORDER BY created_at LIMIT $2`,
      values: [ttlSeconds, limit],
    });
  }

  /**
   * (v1.4) Cancels one order whose hold has run out — the same conditional UPDATE as any cancel, with the
   * hold's condition in it — so with several instances expiring at once, or a mark-paid or a member's
   * cancel racing it, exactly one of them changes the order: the others wait for its row lock and match
   * nothing. The cancelled order, or undefined when someone else got there first.
   */
  expireHold(tx: EntityManager, id: string, ttlSeconds: number): Promise<OrderRow | undefined> {
    return this.sql.one<OrderRow>(
      {
        name: 'sf_order_expire_hold',
        text: `UPDATE orders AS o
                  SET status = 'cancelled', cancelled_at = now(), cancel_reason = $3::varchar
                WHERE o.id = $1 AND o.payment_status = 'pending' AND o.status = 'open'
                  AND o.created_at < now() - $2::int * interval '1 second'
            RETURNING o.store_id, ${ORDER_COLUMNS}`,
        values: [id, ttlSeconds, PAYMENT_TIMEOUT],
      },
      tx,
    );
  }

  /**
   * Puts a (just cancelled) order's stock back: every line's quantity onto its product, deleted products
   * included (a restored product would otherwise come back short). The products are locked in id order
   * first (ORDER BY … FOR UPDATE), the order checkout and orderCreate take them in, so a cancel and a
   * checkout over the same products cannot deadlock.
   */
  async restoreStock(tx: EntityManager, orderId: string): Promise<void> {
    // (v1.4) Lines with a variant: onto the variant (a deleted variant's units are gone with it), after
    // their products' locks, in the order checkout takes them. Lines placed before variants: onto the
    // product, as before (its trigger puts them on its only variant).
    await this.sql.run(
      {
        name: 'sf_order_restore_lock_products',
        text: `SELECT p.id FROM products p
                WHERE p.id IN (SELECT product_id FROM order_lines WHERE order_id = $1) ORDER BY p.id FOR UPDATE`,
        values: [orderId],
      },
      tx,
    );
    await this.sql.run(
      {
        name: 'sf_order_restore_variant_stock',
        text: `WITH l AS (
                 SELECT variant_id, sum(quantity)::int AS quantity FROM order_lines
                  WHERE order_id = $1 AND variant_id IS NOT NULL GROUP BY variant_id
               )
               UPDATE product_variants v SET inventory = v.inventory + l.quantity, updated_at = now()
                 FROM l WHERE v.id = l.variant_id`,
        values: [orderId],
      },
      tx,
    );
    await this.sql.run(
      {
        name: 'sf_order_restore_stock',
        text: `WITH l AS (
                 SELECT product_id, sum(quantity)::int AS quantity FROM order_lines
                  WHERE order_id = $1 AND variant_id IS NULL
                  GROUP BY product_id
               ), locked AS (
                 SELECT p.id FROM products p WHERE p.id IN (SELECT product_id FROM l) ORDER BY p.id FOR UPDATE
               )
               UPDATE products p SET inventory = p.inventory + l.quantity, updated_at = now()
                 FROM l, locked WHERE p.id = l.product_id AND locked.id = p.id`,
        values: [orderId],
      },
      tx,
    );
  }

  /** Runs `work` in one READ COMMITTED transaction (each conditional UPDATE sees the stock just committed). */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work, 'READ COMMITTED');
  }
}
