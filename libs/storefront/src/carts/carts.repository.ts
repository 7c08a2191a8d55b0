import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { CART_COLUMNS, CartLineRow, CartRow } from './cart.row';

/** A cart is alive while it was changed less than `ttl` seconds ago (reads do not change it). */
const ALIVE = `c.updated_at > now() - $3::int * interval '1 second'`;

/**
 * The `carts` and `cart_lines` tables. Every statement is scoped by the store (a cart of another store
 * reads as missing) and, for carts, by CART_TTL (an expired cart reads as missing until the purge
 * deletes it). Changes run in the caller's transaction (`tx`), under the cart's row lock (`lock`), so
 * two writes to one cart — or a write and its checkout — run one after the other.
 */
@Injectable()
export class CartsRepository {
  constructor(private readonly sql: Sql) {}

  find(storeId: string, id: string, ttl: number): Promise<CartRow | undefined> {
    return this.sql.one<CartRow>({
      name: 'sf_cart_by_id',
      text: `SELECT ${CART_COLUMNS} FROM carts c WHERE c.id = $1 AND c.store_id = $2 AND ${ALIVE}`,
      values: [id, storeId, ttl],
    });
  }

  /** The live cart, locked until the transaction ends (FOR UPDATE), or undefined. */
  lock(tx: EntityManager, storeId: string, id: string, ttl: number): Promise<CartRow | undefined> {
    return this.sql.one<CartRow>(
      {
        name: 'sf_cart_lock',
        text: `SELECT ${CART_COLUMNS} FROM carts c WHERE c.id = $1 AND c.store_id = $2 AND ${ALIVE} FOR UPDATE`,
        values: [id, storeId, ttl],
      },
      tx,
    );
  }

  /**
   * The cart's lines in cart order, each with its product's current price, currency and stock. A line
   * whose product was deleted is not among them (it can be neither shown nor bought).
   */
  lines(storeId: string, cartId: string, tx?: EntityManager): Promise<CartLineRow[]> {
    return this.sql.rows<CartLineRow>(
      {
        name: 'sf_cart_lines',
        text: `SELECT l.product_id, l.quantity, p.price_minor, p.currency_code, p.inventory
                 FROM cart_lines l
                 JOIN products p ON p.id = l.product_id AND p.store_id = $2 AND p.deleted_at IS NULL
                WHERE l.cart_id = $1
                ORDER BY l.position`,
        values: [cartId, storeId],
      },
      tx,
    );
  }

  /** The currency of each live product of the store among `ids` (the others are missing). */
  async currencies(tx: EntityManager, storeId: string, ids: string[]): Promise<Map<string, string>> {
    const rows = await this.sql.rows<{ id: string; currency_code: string }>(
      {
        name: 'sf_cart_products',
        text: `SELECT id, currency_code FROM products
                WHERE id = ANY($1::uuid[]) AND store_id = $2 AND deleted_at IS NULL`,
        values: [ids, storeId],
      },
      tx,
    );
    return new Map(rows.map((r) => [r.id, r.currency_code]));
  }

  insert(tx: EntityManager, storeId: string, buyerEmail: string | null): Promise<CartRow> {
    return this.sql
      .one<CartRow>(
        {
          name: 'sf_cart_insert',
          text: `INSERT INTO carts AS c (store_id, buyer_email) VALUES ($1, $2) RETURNING ${CART_COLUMNS}`,
          values: [storeId, buyerEmail],
        },
        tx,
      )
      .then((row) => row!);
  }

  /**
   * Sets the quantity of each product's line, adding a line (after the cart's last) for a product the
   * cart does not have yet: one INSERT … ON CONFLICT for all of them.
   */
  async setLines(tx: EntityManager, cartId: string, lines: { productId: string; quantity: number }[]) {
    if (lines.length === 0) return;
    await this.sql.run(
      {
        name: 'sf_cart_set_lines',
        text: `INSERT INTO cart_lines (cart_id, product_id, quantity, position)
               SELECT $1, u.product_id, u.quantity,
                      (SELECT coalesce(max(position), -1) FROM cart_lines WHERE cart_id = $1) + u.ord
                 FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS u(product_id, quantity, ord)
               ON CONFLICT (cart_id, product_id) DO UPDATE SET quantity = excluded.quantity`,
        values: [cartId, lines.map((l) => l.productId), lines.map((l) => l.quantity)],
      },
      tx,
    );
  }

  async removeLines(tx: EntityManager, cartId: string, productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.sql.run(
      {
        name: 'sf_cart_remove_lines',
        text: `DELETE FROM cart_lines WHERE cart_id = $1 AND product_id = ANY($2::uuid[])`,
        values: [cartId, productIds],
      },
      tx,
    );
  }

  /** Marks the cart changed now (its CART_TTL starts again), setting the buyer's e-mail when given. */
  touch(tx: EntityManager, cartId: string, buyerEmail?: string): Promise<CartRow> {
    return this.sql
      .one<CartRow>(
        {
          name: 'sf_cart_touch',
          text: `UPDATE carts AS c SET updated_at = now(), buyer_email = coalesce($2, c.buyer_email)
                  WHERE c.id = $1 RETURNING ${CART_COLUMNS}`,
          values: [cartId, buyerEmail ?? null],
        },
        tx,
      )
      .then((row) => row!);
  }

  /** The checkout's last step: the cart is completed with its order. */
  async complete(tx: EntityManager, cartId: string, orderId: string): Promise<void> {
    await this.sql.run(
      {
        name: 'sf_cart_complete',
        text: `UPDATE carts SET status = 'completed', order_id = $2, updated_at = now() WHERE id = $1`,
        values: [cartId, orderId],
      },
      tx,
    );
  }

  /** Runs `work` in one READ COMMITTED transaction (a checkout's conditional UPDATEs see committed stock). */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work, 'READ COMMITTED');
  }
}
