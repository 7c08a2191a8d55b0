import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';

/** A product_variants row as the storefront reads it, with its product's currency and its options. */
export interface VariantRow {
  id: string;
  store_id: string;
  product_id: string;
  position: number;
  price_minor: string;
  compare_at_minor: string | null;
  sku: string | null;
  inventory: number;
  image_id: string | null;
  currency_code: string;
  product_title: string;
  /** `[{ name, value }]` in option order (json_agg). */
  selected_options: { name: string; value: string }[];
}

/** One option with its values (ids and strings), in position order. */
export interface OptionRow {
  product_id: string;
  id: string;
  position: number;
  name: string;
  values: { id: string; value: string }[];
}

const selected = (n: number) => `json_build_object('name', o${n}.name, 'value', ov${n}.value)`;

/**
 * A variant's columns, read FROM `VARIANT_FROM`. `option<n>_value_id` names a value of the option at
 * position n - 1 (options keep their positions: `productOptionsUpdate` renames in place and adding or
 * removing an option is refused while variants name them), so the selected options are the joined values
 * in column order. Joins rather than a subquery per variant: a page of 20 products × 10 variants took
 * 8–9 ms of PostgreSQL execution with one aggregate subquery per row (400 index or table scans), ~1 ms
 * with the joins, the same answer (bench/README.md, `products-variants`).
 */
export const VARIANT_COLUMNS = `v.id, v.store_id, v.product_id, v.position, v.price_minor, v.compare_at_minor, v.sku,
  v.inventory, v.image_id, p.currency_code, p.title AS product_title,
  CASE WHEN ov1.id IS NULL THEN '[]'::json
       WHEN ov2.id IS NULL THEN json_build_array(${selected(1)})
       WHEN ov3.id IS NULL THEN json_build_array(${selected(1)}, ${selected(2)})
       ELSE json_build_array(${selected(1)}, ${selected(2)}, ${selected(3)}) END AS selected_options`;

/** The variants `v` with their products `p` and each named option value and its option (`ov<n>`, `o<n>`). */
export const VARIANT_FROM = `product_variants v JOIN products p ON p.id = v.product_id${[1, 2, 3]
  .map(
    (n) => `
  LEFT JOIN product_option_values ov${n} ON ov${n}.id = v.option${n}_value_id
  LEFT JOIN product_options o${n} ON o${n}.id = ov${n}.option_id`,
  )
  .join('')}`;

/** The unique violations a variant write can run into, by constraint. */
export class VariantConstraintError extends Error {
  constructor(readonly constraint: 'sku' | 'combination' | 'value_in_use') {
    super(constraint);
    this.name = 'VariantConstraintError';
  }
}

function constraintOf(error: unknown): VariantConstraintError | null {
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const d = e.driverError ?? e;
  if (d.code === '23505' && d.constraint === 'uq_product_variants_sku')
    return new VariantConstraintError('sku');
  if (d.code === '23505' && d.constraint === 'uq_product_variants_options')
    return new VariantConstraintError('combination');
  if (d.code === '23503' && d.constraint?.startsWith('FK_product_variants_option'))
    return new VariantConstraintError('value_in_use');
  return null;
}

/** Runs a write, naming the constraint it ran into (the service turns it into its §18 reason). */
export async function constraintChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw constraintOf(error) ?? error;
  }
}

/**
 * The `product_options`, `product_option_values` and `product_variants` tables. Every statement is scoped
 * by the store. Writes run in the caller's transaction after it locked the product row (lockProduct):
 * product first, then its variants — the order checkout takes them in too, so they cannot deadlock.
 */
@Injectable()
export class VariantsRepository {
  constructor(private readonly sql: Sql) {}

  /** The options of many products in one query. */
  options(storeId: string, productIds: readonly string[], tx?: EntityManager): Promise<OptionRow[]> {
    return this.sql.rows<OptionRow>(
      {
        name: 'sf_product_options',
        text: `SELECT o.product_id, o.id, o.position, o.name,
                      coalesce((SELECT json_agg(json_build_object('id', ov.id, 'value', ov.value) ORDER BY ov.position)
                                  FROM product_option_values ov WHERE ov.option_id = o.id), '[]'::json) AS values
                 FROM product_options o
                WHERE o.store_id = $1 AND o.product_id = ANY($2::uuid[])
                ORDER BY o.product_id, o.position`,
        values: [storeId, productIds],
      },
      tx,
    );
  }

  /**
   * For each product, its first `limit` variants past `afterPosition` in position order: one query for a
   * whole page of products (a window per product).
   */
  page(
    storeId: string,
    productIds: readonly string[],
    afterPosition: number,
    limit: number,
  ): Promise<VariantRow[]> {
    return this.sql.rows<VariantRow>({
      name: 'sf_variants_page',
      text: `SELECT * FROM (
               SELECT ${VARIANT_COLUMNS}, row_number() OVER (PARTITION BY v.product_id ORDER BY v.position) AS rn
                 FROM ${VARIANT_FROM}
                WHERE v.store_id = $1 AND v.product_id = ANY($2::uuid[]) AND v.position > $3) x
              WHERE x.rn <= $4 ORDER BY x.product_id, x.position`,
      values: [storeId, productIds, afterPosition, limit],
    });
  }

  /** Variants of live products of the store by id (a deleted product's variants read as gone). */
  byIds(storeId: string, ids: readonly string[], tx?: EntityManager): Promise<VariantRow[]> {
    return this.sql.rows<VariantRow>(
      {
        name: 'sf_variants_by_ids',
        text: `SELECT ${VARIANT_COLUMNS} FROM ${VARIANT_FROM}
                WHERE v.store_id = $1 AND v.id = ANY($2::uuid[]) AND p.deleted_at IS NULL`,
        values: [storeId, ids],
      },
      tx,
    );
  }

  /** Every variant of one product, in position order. */
  ofProduct(storeId: string, productId: string, tx?: EntityManager): Promise<VariantRow[]> {
    return this.sql.rows<VariantRow>(
      {
        text: `SELECT ${VARIANT_COLUMNS} FROM ${VARIANT_FROM}
                WHERE v.store_id = $1 AND v.product_id = $2 ORDER BY v.position`,
        values: [storeId, productId],
      },
      tx,
    );
  }

  /** Lowest and highest variant price of many products. */
  priceRanges(
    storeId: string,
    productIds: readonly string[],
  ): Promise<{ product_id: string; min: string; max: string; currency_code: string }[]> {
    return this.sql.rows({
      name: 'sf_variant_price_ranges',
      text: `SELECT v.product_id, min(v.price_minor)::text AS min, max(v.price_minor)::text AS max, p.currency_code
               FROM product_variants v JOIN products p ON p.id = v.product_id
              WHERE v.store_id = $1 AND v.product_id = ANY($2::uuid[])
              GROUP BY v.product_id, p.currency_code`,
      values: [storeId, productIds],
    });
  }

  /**
   * The live product of the store, locked until the transaction ends: variant and option writes of one
   * product run one after another (the 2,048 limit and the combinations hold for their sum).
   */
  lockProduct(
    tx: EntityManager,
    storeId: string,
    productId: string,
  ): Promise<{ id: string; currency_code: string } | undefined> {
    return this.sql.one(
      {
        text: `SELECT id, currency_code FROM products
                WHERE id = $1 AND store_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        values: [productId, storeId],
      },
      tx,
    );
  }

  /** The value ids each variant of the product names (option order), with the variant's id. */
  combinations(tx: EntityManager, productId: string): Promise<{ id: string; values: (string | null)[] }[]> {
    return this.sql.rows(
      {
        text: `SELECT id, ARRAY[option1_value_id, option2_value_id, option3_value_id]::text[] AS values
                 FROM product_variants WHERE product_id = $1 ORDER BY position`,
        values: [productId],
      },
      tx,
    );
  }

  async insertOption(tx: EntityManager, storeId: string, productId: string, position: number, name: string) {
    const row = await this.sql.one<{ id: string }>(
      {
        text: `INSERT INTO product_options (store_id, product_id, position, name) VALUES ($1, $2, $3, $4) RETURNING id`,
        values: [storeId, productId, position, name],
      },
      tx,
    );
    return row!.id;
  }

  /** Appends values to an option from `fromPosition` on: their ids, in order. */
  async insertValues(
    tx: EntityManager,
    storeId: string,
    optionId: string,
    fromPosition: number,
    values: string[],
  ): Promise<string[]> {
    if (values.length === 0) return [];
    const rows = await this.sql.rows<{ id: string }>(
      {
        text: `INSERT INTO product_option_values (store_id, option_id, position, value)
               SELECT $1, $2, $3 + u.ord - 1, u.value FROM unnest($4::text[]) WITH ORDINALITY AS u(value, ord)
               ORDER BY u.ord RETURNING id, position`,
        values: [storeId, optionId, fromPosition, values],
      },
      tx,
    );
    return (rows as unknown as { id: string; position: number }[])
      .sort((a, b) => a.position - b.position)
      .map((r) => r.id);
  }

  async renameOption(tx: EntityManager, optionId: string, name: string): Promise<void> {
    await this.sql.run(
      { text: `UPDATE product_options SET name = $2 WHERE id = $1`, values: [optionId, name] },
      tx,
    );
  }

  async renameValue(tx: EntityManager, valueId: string, value: string): Promise<void> {
    await this.sql.run(
      { text: `UPDATE product_option_values SET value = $2 WHERE id = $1`, values: [valueId, value] },
      tx,
    );
  }

  /**
   * Removes values of a product's options, refused (value_in_use) while one of its variants still names one.
   * Asked first, in the product's locked write: the embedded database's driver reports a foreign-key
   * violation without the constraint's name, so the keys (ON DELETE RESTRICT) stay the last guard only.
   */
  async deleteValues(tx: EntityManager, productId: string, valueIds: string[]): Promise<void> {
    if (valueIds.length === 0) return;
    const used = await this.sql.one<{ used: boolean }>(
      {
        text: `SELECT EXISTS (SELECT 1 FROM product_variants WHERE product_id = $1
                 AND (option1_value_id = ANY($2::uuid[]) OR option2_value_id = ANY($2::uuid[])
                      OR option3_value_id = ANY($2::uuid[]))) AS used`,
        values: [productId, valueIds],
      },
      tx,
    );
    if (used?.used) throw new VariantConstraintError('value_in_use');
    await constraintChecked(
      this.sql.run(
        { text: `DELETE FROM product_option_values WHERE id = ANY($1::uuid[])`, values: [valueIds] },
        tx,
      ),
    );
  }

  /** Inserts variants after the product's last position (one statement; the product row follows by trigger). */
  async insertVariants(
    tx: EntityManager,
    storeId: string,
    productId: string,
    variants: {
      values: (string | null)[];
      priceMinor: string;
      compareAtMinor: string | null;
      sku: string | null;
      inventory: number;
      imageId: string | null;
    }[],
  ): Promise<void> {
    if (variants.length === 0) return;
    const value = (i: number) => variants.map((v) => v.values[i] ?? null);
    await constraintChecked(
      this.sql.run(
        {
          text: `INSERT INTO product_variants (store_id, product_id, position, option1_value_id, option2_value_id,
                   option3_value_id, price_minor, compare_at_minor, sku, inventory, image_id)
                 SELECT $1, $2, (SELECT coalesce(max(position), -1) FROM product_variants WHERE product_id = $2) + u.ord,
                        u.o1, u.o2, u.o3, u.price, u.compare_at, u.sku, u.inventory, u.image
                   FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::bigint[], $7::bigint[], $8::text[], $9::int[], $10::uuid[])
                        WITH ORDINALITY AS u(o1, o2, o3, price, compare_at, sku, inventory, image, ord)`,
          values: [
            storeId,
            productId,
            value(0),
            value(1),
            value(2),
            variants.map((v) => v.priceMinor),
            variants.map((v) => v.compareAtMinor),
            variants.map((v) => v.sku),
            variants.map((v) => v.inventory),
            variants.map((v) => v.imageId),
          ],
        },
        tx,
      ),
    );
  }

  /** Sets the given columns of one variant of the product; false when it has no such variant. */
  async updateVariant(
    tx: EntityManager,
    productId: string,
    id: string,
    changes: Partial<
      Record<'price_minor' | 'compare_at_minor' | 'sku' | 'inventory' | 'image_id', string | number | null>
    >,
  ): Promise<boolean> {
    const columns = Object.keys(changes) as (keyof typeof changes)[];
    const sets = [...columns.map((c, i) => `${c} = $${i + 3}`), 'updated_at = now()'];
    const result = await constraintChecked(
      this.sql.run(
        {
          text: `UPDATE product_variants SET ${sets.join(', ')} WHERE id = $1 AND product_id = $2`,
          values: [id, productId, ...columns.map((c) => changes[c])],
        },
        tx,
      ),
    );
    return result.rowCount > 0;
  }

  /** Points every variant of a product without options at the given values (the default variant gaining options). */
  async setValues(tx: EntityManager, variantId: string, values: (string | null)[]): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE product_variants SET option1_value_id = $2, option2_value_id = $3, option3_value_id = $4,
                      updated_at = now() WHERE id = $1`,
        values: [variantId, values[0] ?? null, values[1] ?? null, values[2] ?? null],
      },
      tx,
    );
  }

  /** Deletes the product's variants among `ids`: the ids deleted. */
  async deleteVariants(tx: EntityManager, productId: string, ids: string[]): Promise<string[]> {
    const rows = await this.sql.rows<{ id: string }>(
      {
        text: `DELETE FROM product_variants WHERE product_id = $1 AND id = ANY($2::uuid[]) RETURNING id`,
        values: [productId, ids],
      },
      tx,
    );
    return rows.map((r) => r.id);
  }

  async count(tx: EntityManager, productId: string): Promise<number> {
    const row = await this.sql.one<{ n: number }>(
      { text: `SELECT count(*)::int AS n FROM product_variants WHERE product_id = $1`, values: [productId] },
      tx,
    );
    return row?.n ?? 0;
  }

  /** The variants among `ids` of live products of the store, with their products. */
  targets(tx: EntityManager | undefined, storeId: string, ids: string[]) {
    return this.sql.rows<{ id: string; product_id: string }>(
      {
        name: 'sf_variant_targets',
        text: `SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
                WHERE v.id = ANY($2::uuid[]) AND v.store_id = $1 AND p.deleted_at IS NULL`,
        values: [storeId, ids],
      },
      tx,
    );
  }

  /** Live products of the store among `ids`, each with its first variant and whether it has options. */
  defaultTargets(tx: EntityManager | undefined, storeId: string, ids: string[]) {
    return this.sql.rows<{ product_id: string; variant_id: string | null; has_options: boolean }>(
      {
        name: 'sf_variant_default_targets',
        text: `SELECT p.id AS product_id,
                      (SELECT v.id FROM product_variants v WHERE v.product_id = p.id ORDER BY v.position LIMIT 1) AS variant_id,
                      EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id) AS has_options
                 FROM products p WHERE p.id = ANY($2::uuid[]) AND p.store_id = $1 AND p.deleted_at IS NULL`,
        values: [storeId, ids],
      },
      tx,
    );
  }

  /** Whether the image is one of the product's (a variant's image must be). */
  async imageOf(tx: EntityManager, productId: string, imageId: string): Promise<boolean> {
    const row = await this.sql.one(
      {
        text: `SELECT 1 FROM product_images WHERE id = $1 AND product_id = $2`,
        values: [imageId, productId],
      },
      tx,
    );
    return row !== undefined;
  }
}
