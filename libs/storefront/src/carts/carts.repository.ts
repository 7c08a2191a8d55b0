import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import type { VariantLine } from '../variants/variant-lines';
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
   * The cart's lines in cart order, each with its variant's current price and stock and its product's
   * currency. A line whose product or variant was deleted is not among them (it can be neither shown nor
   * bought). (v1.4) A line the previous release wrote (`cart_lines`, one per product) reads as its
   * product's default variant until the cart's next change adopts it (adoptLegacyLines).
   */
  lines(storeId: string, cartId: string, tx?: EntityManager): Promise<CartLineRow[]> {
    return this.sql.rows<CartLineRow>(
      {
        name: 'sf_cart_variant_lines',
        text: `SELECT l.product_id, l.variant_id, l.quantity, v.price_minor, p.currency_code, v.inventory, l.legacy
                 FROM (SELECT product_id, variant_id, quantity, position, false AS legacy
                         FROM cart_variant_lines WHERE cart_id = $1
                       UNION ALL
                       SELECT o.product_id, d.id, o.quantity, o.position, true FROM cart_lines o
                         JOIN LATERAL (SELECT id FROM product_variants WHERE product_id = o.product_id
                                        ORDER BY position LIMIT 1) d ON true
                        WHERE o.cart_id = $1
                          AND NOT EXISTS (SELECT 1 FROM product_options po WHERE po.product_id = o.product_id)) l
                 JOIN product_variants v ON v.id = l.variant_id
                 JOIN products p ON p.id = l.product_id AND p.store_id = $2 AND p.deleted_at IS NULL
                ORDER BY l.position`,
        values: [cartId, storeId],
      },
      tx,
    );
  }

  /**
   * (v1.4) Moves a cart's lines written by the previous release (`cart_lines`) onto their products' default
   * variants, before this release changes or checks out the cart: one statement, nothing when there are none.
   */
  async adoptLegacyLines(tx: EntityManager, cartId: string): Promise<void> {
    await this.sql.run(
      {
        name: 'sf_cart_adopt_lines',
        text: `WITH moved AS (DELETE FROM cart_lines WHERE cart_id = $1 RETURNING product_id, quantity, position)
               INSERT INTO cart_variant_lines (cart_id, variant_id, product_id, quantity, position)
               SELECT $1, d.id, m.product_id, m.quantity, m.position FROM moved m
                 JOIN LATERAL (SELECT id FROM product_variants WHERE product_id = m.product_id
                                ORDER BY position LIMIT 1) d ON true
                WHERE NOT EXISTS (SELECT 1 FROM product_options po WHERE po.product_id = m.product_id)
               ON CONFLICT (cart_id, variant_id) DO NOTHING`,
        values: [cartId],
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
   * Sets the quantity of each variant's line, adding a line (after the cart's last) for a variant the
   * cart does not have yet: one INSERT … ON CONFLICT for all of them.
   */
  async setLines(tx: EntityManager, cartId: string, lines: VariantLine[]) {
    if (lines.length === 0) return;
    await this.sql.run(
      {
        name: 'sf_cart_set_variant_lines',
        text: `INSERT INTO cart_variant_lines (cart_id, variant_id, product_id, quantity, position)
               SELECT $1, u.variant_id, u.product_id, u.quantity,
                      (SELECT coalesce(max(position), -1) FROM cart_variant_lines WHERE cart_id = $1) + u.ord
                 FROM unnest($2::uuid[], $3::uuid[], $4::int[]) WITH ORDINALITY AS u(variant_id, product_id, quantity, ord)
               ON CONFLICT (cart_id, variant_id) DO UPDATE SET quantity = excluded.quantity`,
        values: [
          cartId,
          lines.map((l) => l.variantId),
          lines.map((l) => l.productId),
          lines.map((l) => l.quantity),
        ],
      },
      tx,
    );
  }

  /** Removes the lines of these variants, and every line of these products. */
  async removeLines(tx: EntityManager, cartId: string, variantIds: string[], productIds: string[] = []) {
    if (variantIds.length === 0 && productIds.length === 0) return;
    await this.sql.run(
      {
        name: 'sf_cart_remove_variant_lines',
        text: `DELETE FROM cart_variant_lines
                WHERE cart_id = $1 AND (variant_id = ANY($2::uuid[]) OR product_id = ANY($3::uuid[]))`,
        values: [cartId, variantIds, productIds],
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
