import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storefront reads that caches keep (contract v1.3 §15) and public tokens' allowed origins (§6).
 *
 * `catalogue_versions`: one counter per store, raised by triggers whenever the store's row or any of its
 * products changes — by whatever statement, from whatever code: the storefront's own writes, a checkout
 * taking stock, an order cancellation putting it back, an operator's SQL. A public token's ETag is a hash
 * of that counter (read in the token's own revocation statement) and the request, so it can be compared
 * before anything executes, and it can never be stale: a change that commits has raised the counter in
 * its own transaction.
 *
 * Why a counter and not `max(updated_at)`: a delete leaves nothing to take a maximum of, and concurrent
 * writers can commit in another order than they read the clock (or a sequence), which would let a later
 * ETag name older data. The counter's row update serialises the writers of one store instead; to keep that
 * short the product and store triggers are DEFERRED constraint triggers, run at COMMIT, so the row lock is
 * held from the last moment of a transaction to its end (not from a checkout's first stock update), and a
 * transaction raises it once however many rows it changed (`bumped_by`: the transaction that last did).
 *
 * The row is created with its store (an immediate trigger) and backfilled here for existing stores; it
 * goes with the store (ON DELETE CASCADE), and the bump never inserts one, so deleting a store (whose
 * products' delete triggers fire at the same commit) never trips the foreign key.
 *
 * `public_tokens.allowed_origins` (≤ 10, validated by the API) with a GIN index: a CORS preflight carries
 * no token, so it asks "does any live token list this origin?" with one indexed lookup.
 */
export class StorefrontCaching1795700000000 implements MigrationInterface {
  name = 'StorefrontCaching1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue_versions" ("store_id" uuid NOT NULL, "version" bigint NOT NULL DEFAULT 1, "bumped_by" bigint, CONSTRAINT "PK_catalogue_versions" PRIMARY KEY ("store_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "catalogue_versions" ADD CONSTRAINT "FK_catalogue_versions_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`INSERT INTO "catalogue_versions" ("store_id") SELECT "id" FROM "stores"`);

    await queryRunner.query(`CREATE FUNCTION "catalogue_version_create"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "catalogue_versions" ("store_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "stores_catalogue_version_create"
      AFTER INSERT ON "stores"
      FOR EACH ROW EXECUTE FUNCTION "catalogue_version_create"()`);

    // Once per store and transaction: a second row of the same transaction finds bumped_by already its own.
    await queryRunner.query(`CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger
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
               WHERE "store_id" = OLD."store_id" AND "bumped_by" IS DISTINCT FROM txid_current();
            END IF;
          END IF;
        END IF;
        UPDATE "catalogue_versions" SET "version" = "version" + 1, "bumped_by" = txid_current()
         WHERE "store_id" = changed AND "bumped_by" IS DISTINCT FROM txid_current();
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE CONSTRAINT TRIGGER "products_catalogue_version"
      AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"()`);
    await queryRunner.query(`CREATE CONSTRAINT TRIGGER "stores_catalogue_version"
      AFTER UPDATE ON "stores" DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"()`);

    await queryRunner.query(
      `ALTER TABLE "public_tokens" ADD "allowed_origins" character varying(255) array NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_public_tokens_allowed_origins" ON "public_tokens" USING gin ("allowed_origins")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_public_tokens_allowed_origins"`);
    await queryRunner.query(`ALTER TABLE "public_tokens" DROP COLUMN "allowed_origins"`);
    await queryRunner.query(`DROP TRIGGER "stores_catalogue_version" ON "stores"`);
    await queryRunner.query(`DROP TRIGGER "products_catalogue_version" ON "products"`);
    await queryRunner.query(`DROP FUNCTION "catalogue_version_bump"()`);
    await queryRunner.query(`DROP TRIGGER "stores_catalogue_version_create" ON "stores"`);
    await queryRunner.query(`DROP FUNCTION "catalogue_version_create"()`);
    await queryRunner.query(`DROP TABLE "catalogue_versions"`);
  }
}
