import { MigrationInterface, QueryRunner } from 'typeorm';

/** Products copied per INSERT of the backfill: bounds each statement's memory and its WAL burst. */
export const VARIANT_BACKFILL_BATCH = 10_000;

/**
 * A margin under the backfill's start for the catch-up: a transaction of the previous release that began
 * before the backfill and committed after its product was copied stamped `updated_at` with its own start
 * (now()). Request transactions are a few statements of at most DATABASE_STATEMENT_TIMEOUT (15 s) each.
 */
const CATCH_UP_MARGIN = `interval '2 minutes'`;

/**
 * (v1.4, issue 45) Options and variants: `product_options`, `product_option_values`, `product_variants`
 * (price, compare-at price, SKU, stock and image per variant), and the variant of each cart and order line.
 * Every existing product gets its **default variant** (no options, "Default Title") carrying its price and
 * stock. Stock moves to the variants: checkout takes a variant's stock.
 *
 * **Expand and contract.** `products.price_minor` and `products.inventory` stay, kept by triggers as the
 * lowest variant price and the sum of the variants' stock, so an instance of the previous release reads
 * products correctly during a rolling upgrade and after; they are dropped by a later release. Writes of
 * the previous release keep working through two more triggers: a product it inserts gets its default
 * variant, and a price or stock it writes on a product with exactly one variant is copied onto that
 * variant (its checkout, cancel and productUpdate). The new release writes the variants; the product row
 * follows (the trigger function guards against ping-pong with pg_trigger_depth()). Not covered: the
 * previous release's sales of a product that already has several variants (it takes
 * the product's total, which no variant follows) — the new release refuses nothing there; see the docs.
 *
 * **Batched, short locks.** The migration runner applies all pending migrations in one transaction
 * (libs/database migrate.ts), so every lock taken is held until the commit. Hence the order: the new
 * tables are created with no foreign key to `products` (creating one would lock `products` against
 * writes), then the default variants are copied in batches of 10,000 products by id — only reading
 * `products`, so the previous release keeps selling meanwhile — and only then, in a short final step,
 * come the foreign keys (NOT VALID: the rows were copied from `products`, so nothing to scan), the
 * triggers on `products` (which block product writes until the commit), the columns of `order_lines`, and a catch-up of the products inserted or changed while the batches ran. See
 * docs/storefront.md ("Options and variants") for the figures on a large catalogue.
 */
export class ProductOptionsAndVariants1795890000000 implements MigrationInterface {
  name = 'ProductOptionsAndVariants1795890000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // 1. The tables, empty, with no foreign key to products yet.
    await queryRunner.query(
      `CREATE TABLE "product_options" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "product_id" uuid NOT NULL, "position" smallint NOT NULL, "name" character varying(255) NOT NULL, CONSTRAINT "PK_product_options" PRIMARY KEY ("id"), CONSTRAINT "uq_product_options_position" UNIQUE ("product_id", "position"), CONSTRAINT "uq_product_options_name" UNIQUE ("product_id", "name") DEFERRABLE INITIALLY DEFERRED)`,
    );
    await queryRunner.query(
      `CREATE TABLE "product_option_values" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "option_id" uuid NOT NULL, "position" smallint NOT NULL, "value" character varying(255) NOT NULL, CONSTRAINT "PK_product_option_values" PRIMARY KEY ("id"), CONSTRAINT "uq_product_option_values_position" UNIQUE ("option_id", "position"), CONSTRAINT "uq_product_option_values_value" UNIQUE ("option_id", "value") DEFERRABLE INITIALLY DEFERRED, CONSTRAINT "FK_product_option_values_option" FOREIGN KEY ("option_id") REFERENCES "product_options"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "product_variants" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "product_id" uuid NOT NULL, "position" integer NOT NULL, "option1_value_id" uuid, "option2_value_id" uuid, "option3_value_id" uuid, "price_minor" bigint NOT NULL, "compare_at_minor" bigint, "sku" character varying(255), "inventory" integer NOT NULL, "image_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_product_variants" PRIMARY KEY ("id"), CONSTRAINT "ck_product_variants_inventory" CHECK ("inventory" >= 0), CONSTRAINT "ck_product_variants_price" CHECK ("price_minor" >= 0), CONSTRAINT "ck_product_variants_compare_at" CHECK ("compare_at_minor" >= 0), CONSTRAINT "uq_product_variants_position" UNIQUE ("product_id", "position"), ` +
        // One variant per combination; the default variant (no values) is one combination too.
        `CONSTRAINT "uq_product_variants_options" UNIQUE NULLS NOT DISTINCT ("product_id", "option1_value_id", "option2_value_id", "option3_value_id"), ` +
        // A value a variant names cannot be removed (option_value_in_use, enforced here too).
        `CONSTRAINT "FK_product_variants_option1" FOREIGN KEY ("option1_value_id") REFERENCES "product_option_values"("id") ON DELETE RESTRICT, CONSTRAINT "FK_product_variants_option2" FOREIGN KEY ("option2_value_id") REFERENCES "product_option_values"("id") ON DELETE RESTRICT, CONSTRAINT "FK_product_variants_option3" FOREIGN KEY ("option3_value_id") REFERENCES "product_option_values"("id") ON DELETE RESTRICT)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_product_variants_sku" ON "product_variants" ("store_id", "sku") WHERE "sku" IS NOT NULL`,
    );

    // 2. The default variants, in batches by product id (reads of products only: no lock against writes).
    const started = (await queryRunner.query(`SELECT clock_timestamp() AS t`)) as { t: Date }[];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query(
        `WITH batch AS (
           SELECT id, store_id, price_minor, inventory FROM products WHERE id > $1 ORDER BY id LIMIT $2
         ), copied AS (
           INSERT INTO product_variants (store_id, product_id, position, price_minor, inventory)
           SELECT store_id, id, 0, price_minor, inventory FROM batch
         )
         SELECT id::text AS last FROM batch ORDER BY id DESC LIMIT 1`,
        [after, VARIANT_BACKFILL_BATCH],
      )) as { last: string }[];
      if (rows.length === 0) break;
      after = rows[0].last;
    }

    // 3. The short final step: from here until the commit, writes of products wait.
    await queryRunner.query(
      `ALTER TABLE "product_options" ADD CONSTRAINT "FK_product_options_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE NOT VALID`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_variants" ADD CONSTRAINT "FK_product_variants_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE NOT VALID`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_variants" ADD CONSTRAINT "FK_product_variants_image" FOREIGN KEY ("image_id") REFERENCES "product_images"("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(`CREATE FUNCTION "product_default_variant"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO product_variants (store_id, product_id, position, price_minor, inventory)
          VALUES (NEW.store_id, NEW.id, 0, NEW.price_minor, NEW.inventory);
        ELSIF pg_trigger_depth() = 1 THEN
          -- A price or stock written on the product itself (the previous release, or a default-only
          -- product's productUpdate): onto its variant when it has exactly one.
          UPDATE product_variants v SET price_minor = NEW.price_minor, inventory = NEW.inventory, updated_at = now()
           WHERE v.product_id = NEW.id
             AND (SELECT count(*) FROM product_variants c WHERE c.product_id = NEW.id) = 1
             AND (v.price_minor, v.inventory) IS DISTINCT FROM (NEW.price_minor, NEW.inventory);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "products_default_variant_insert" AFTER INSERT ON "products"
      FOR EACH ROW EXECUTE FUNCTION "product_default_variant"()`);
    await queryRunner.query(`CREATE TRIGGER "products_default_variant_update"
      AFTER UPDATE OF "price_minor", "inventory" ON "products"
      FOR EACH ROW EXECUTE FUNCTION "product_default_variant"()`);
    // The product row follows its variants (lowest price, total stock), once per statement.
    await queryRunner.query(`CREATE FUNCTION "product_variants_rollup"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 THEN
          RETURN NULL;
        END IF;
        UPDATE products p SET price_minor = a.min_price, inventory = a.total, updated_at = now()
          FROM (SELECT v.product_id, min(v.price_minor) AS min_price,
                       least(sum(v.inventory), 2147483647)::int AS total
                  FROM product_variants v
                 WHERE v.product_id IN (SELECT product_id FROM changed_rows)
                 GROUP BY v.product_id) a
         WHERE p.id = a.product_id AND (p.price_minor, p.inventory) IS DISTINCT FROM (a.min_price, a.total);
        RETURN NULL;
      END $$`);
    for (const [op, table] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ]) {
      await queryRunner.query(`CREATE TRIGGER "product_variants_rollup_${op.toLowerCase()}"
        AFTER ${op} ON "product_variants" REFERENCING ${table} TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_rollup"()`);
    }
    // Storefront ETags: a write to any of the three raises the store's catalogue version.
    for (const table of ['product_options', 'product_option_values', 'product_variants']) {
      await queryRunner.query(`CREATE CONSTRAINT TRIGGER "${table}_catalogue_version"
        AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"()`);
    }
    // Catch-up: products inserted or changed while the batches ran (the triggers now hold the rest).
    await queryRunner.query(
      `INSERT INTO product_variants (store_id, product_id, position, price_minor, inventory)
       SELECT p.store_id, p.id, 0, p.price_minor, p.inventory FROM products p
        WHERE p.created_at >= $1::timestamptz - ${CATCH_UP_MARGIN}
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`,
      [started[0].t],
    );
    await queryRunner.query(
      `UPDATE product_variants v SET price_minor = p.price_minor, inventory = p.inventory
         FROM products p
        WHERE p.updated_at >= $1::timestamptz - ${CATCH_UP_MARGIN} AND v.product_id = p.id
          AND (v.price_minor, v.inventory) IS DISTINCT FROM (p.price_minor, p.inventory)`,
      [started[0].t],
    );

    // Order lines keep what was sold: the variant, the title and the SKU (older lines: null; the title
    // then reads as the product's).
    await queryRunner.query(`ALTER TABLE "order_lines" ADD "variant_id" uuid`);
    await queryRunner.query(`ALTER TABLE "order_lines" ADD "title" text`);
    await queryRunner.query(`ALTER TABLE "order_lines" ADD "sku" character varying(255)`);
    // Cart lines name a variant, one line per variant: a table of their own, so `cart_lines` (one line
    // per product) stays as the previous release writes it; this release adopts a cart's old lines on its
    // first change (CartsRepository.adoptLegacyLines) and reads them meanwhile.
    await queryRunner.query(
      `CREATE TABLE "cart_variant_lines" ("cart_id" uuid NOT NULL, "variant_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_cart_variant_lines" PRIMARY KEY ("cart_id", "variant_id"), CONSTRAINT "ck_cart_variant_lines_quantity" CHECK ("quantity" BETWEEN 1 AND 999), CONSTRAINT "FK_cart_variant_lines_cart" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE, CONSTRAINT "FK_cart_variant_lines_variant" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_cart_variant_lines_variant" ON "cart_variant_lines" ("variant_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "cart_variant_lines"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP COLUMN "sku"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP COLUMN "title"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP COLUMN "variant_id"`);
    await queryRunner.query(`DROP TRIGGER "products_default_variant_update" ON "products"`);
    await queryRunner.query(`DROP TRIGGER "products_default_variant_insert" ON "products"`);
    await queryRunner.query(`DROP TABLE "product_variants"`);
    await queryRunner.query(`DROP TABLE "product_option_values"`);
    await queryRunner.query(`DROP TABLE "product_options"`);
    await queryRunner.query(`DROP FUNCTION "product_variants_rollup"()`);
    await queryRunner.query(`DROP FUNCTION "product_default_variant"()`);
  }
}
