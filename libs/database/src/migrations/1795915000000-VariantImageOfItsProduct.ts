import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (v1.4) A variant's image is one of its own product's images — in the database, not only in the service
 * that checks it: `image_id`'s foreign key (ON DELETE SET NULL) says the image exists, this trigger that it
 * is its product's, for every write, SQL by hand included. A composite foreign key would say it alone only
 * with PostgreSQL 15's `ON DELETE SET NULL (image_id)` (without the column list it would null `product_id`
 * too), which this release does not require. An image never moves to another product, so the check is on
 * the variant's side only: one primary-key read per variant written with an image.
 *
 * A variant that names another product's image before this release (none can, through the API) loses it.
 */
export class VariantImageOfItsProduct1795915000000 implements MigrationInterface {
  name = 'VariantImageOfItsProduct1795915000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE product_variants v SET image_id = NULL
      WHERE v.image_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.id = v.image_id AND i.product_id = v.product_id)`);
    await queryRunner.query(`CREATE FUNCTION "product_variant_image_of_product"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.image_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM product_images WHERE id = NEW.image_id AND product_id = NEW.product_id
        ) THEN
          RAISE EXCEPTION 'image % is not an image of product %', NEW.image_id, NEW.product_id
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ck_product_variants_image_of_product',
                  TABLE = 'product_variants', COLUMN = 'image_id';
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "product_variants_image_of_product"
      BEFORE INSERT OR UPDATE OF image_id, product_id ON "product_variants"
      FOR EACH ROW EXECUTE FUNCTION "product_variant_image_of_product"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "product_variants_image_of_product" ON "product_variants"`);
    await queryRunner.query(`DROP FUNCTION "product_variant_image_of_product"()`);
  }
}
