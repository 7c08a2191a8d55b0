import { MigrationInterface, QueryRunner } from 'typeorm';

/** How many counters a store's catalogue version is spread over (one per slot row). */
const SLOTS = 16;

/**
 * A store's catalogue version spread over 16 counters ("slots"), so that writers of one store no longer
 * queue behind one row (issue 42).
 *
 * Before: one `catalogue_versions` row per store, raised at COMMIT by every transaction that changed the
 * store or one of its products. Every order of a store (its stock change is a change a storefront read can
 * see) updated and locked that one row, and a row lock is held until the transaction's commit record is on
 * disk: the orders of one store committed one after another, each waiting for the previous one's WAL flush
 * (`orderCreate` 229 → 178 req/s, PostgreSQL 2,726 → 3,557 µs per order, bench/README.md).
 *
 * Now: 16 rows per store, `(store_id, slot)`. A transaction raises the row of the slot its database session
 * owns (`pg_backend_pid() % 16`): the pool's sessions hit different rows, so concurrent writers of one
 * store do not wait for each other (two sessions that share a slot do, as every writer did before). The
 * version a storefront read uses is the SUM over the store's slots, read in the public token's own
 * statement (libs/storefront catalogue-version.sql.ts). The sum is as exact as the single counter was:
 * every committed raise adds one to exactly one slot, so any change committed after a read gives a larger
 * sum, never an equal one — never a stale 304. A transaction still raises its slot once however many rows it
 * changes (`bumped_by`), and still at COMMIT (the triggers stay DEFERRED constraint triggers, per row).
 *
 * The 16 rows are created with the store (the immediate `stores_catalogue_version_create` trigger) and
 * backfilled here; the bump never inserts, so a store's deletion (whose products' triggers fire at the same
 * commit, after the cascade) never trips the foreign key.
 *
 * **A new table that a storefront read can show** (product variants, options, images…) joins by attaching
 * the same function, with no change to it, provided the table has a `store_id` column:
 *
 *     CREATE CONSTRAINT TRIGGER "<table>_catalogue_version"
 *       AFTER INSERT OR UPDATE OR DELETE ON "<table>" DEFERRABLE INITIALLY DEFERRED
 *       FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
 *
 * (`stores` is the one table whose store id is `id`; a row moved to another store raises both.)
 */
export class CatalogueVersionSlots1795831000000 implements MigrationInterface {
  name = 'CatalogueVersionSlots1795831000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue_versions" ADD "slot" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "catalogue_versions" DROP CONSTRAINT "PK_catalogue_versions"`);
    await queryRunner.query(
      `ALTER TABLE "catalogue_versions" ADD CONSTRAINT "PK_catalogue_versions" PRIMARY KEY ("store_id", "slot")`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalogue_versions" ADD CONSTRAINT "CHK_catalogue_versions_slot" CHECK ("slot" >= 0 AND "slot" < ${SLOTS})`,
    );
    // The existing counter becomes slot 0 (the sum keeps growing from where it was); the others start at 0.
    await queryRunner.query(
      `INSERT INTO "catalogue_versions" ("store_id", "slot", "version")
       SELECT s."id", g, 0 FROM "stores" s CROSS JOIN generate_series(1, ${SLOTS - 1}) g
       ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "catalogue_version_create"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "catalogue_versions" ("store_id", "slot", "version")
        SELECT NEW."id", g, CASE WHEN g = 0 THEN 1 ELSE 0 END FROM generate_series(0, ${SLOTS - 1}) g
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(bumpFunction(`AND "slot" = pg_backend_pid() % ${SLOTS}`));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(bumpFunction(''));
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "catalogue_version_create"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "catalogue_versions" ("store_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    // Back to one counter per store, no smaller than the sum it replaces (ETags stay new).
    await queryRunner.query(
      `UPDATE "catalogue_versions" v SET "version" = t."total"
         FROM (SELECT "store_id", sum("version") AS "total" FROM "catalogue_versions" GROUP BY "store_id") t
        WHERE v."store_id" = t."store_id" AND v."slot" = 0`,
    );
    await queryRunner.query(`DELETE FROM "catalogue_versions" WHERE "slot" <> 0`);
    await queryRunner.query(`ALTER TABLE "catalogue_versions" DROP CONSTRAINT "CHK_catalogue_versions_slot"`);
    await queryRunner.query(`ALTER TABLE "catalogue_versions" DROP CONSTRAINT "PK_catalogue_versions"`);
    await queryRunner.query(
      `ALTER TABLE "catalogue_versions" ADD CONSTRAINT "PK_catalogue_versions" PRIMARY KEY ("store_id")`,
    );
    await queryRunner.query(`ALTER TABLE "catalogue_versions" DROP COLUMN "slot"`);
  }
}

/** The bump (StorefrontCaching1795700000000's), with `slotCondition` added to the rows it raises. */
function bumpFunction(slotCondition: string): string {
  return `CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        changed uuid;
      BEGIN
        -- NEW is unset for a DELETE and OLD for an INSERT: read only the one the operation has.
        IF TG_OP = 'DELETE' THEN
          changed := OLD."store_id";
        ELSIF TG_TABLE_NAME = 'stores' THEN
          changed := NEW."id";
        ELSE
          changed := NEW."store_id";
          IF TG_OP = 'UPDATE' THEN
            IF OLD."store_id" IS DISTINCT FROM NEW."store_id" THEN
              UPDATE "catalogue_versions" SET "version" = "version" + 1, "bumped_by" = txid_current()
               WHERE "store_id" = OLD."store_id" ${slotCondition}
                 AND "bumped_by" IS DISTINCT FROM txid_current();
            END IF;
          END IF;
        END IF;
        UPDATE "catalogue_versions" SET "version" = "version" + 1, "bumped_by" = txid_current()
         WHERE "store_id" = changed ${slotCondition} AND "bumped_by" IS DISTINCT FROM txid_current();
        RETURN NULL;
      END $$`;
}
