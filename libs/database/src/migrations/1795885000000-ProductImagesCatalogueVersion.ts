import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (v1.4) Product images are part of what a storefront read shows (`Product.images`, `featuredImage`): every
 * insert, update and delete of `product_images` raises its store's catalogue version, so an ETag taken
 * before an image was added, moved, given another alt text or removed never answers 304 after it. The
 * generic trigger function of CatalogueVersionSlots1795831000000, unchanged: the table has `store_id`.
 * A media deleted with its images (ON DELETE CASCADE) raises it too — cascaded deletes fire row triggers.
 *
 * On a live database: a trigger on a table nothing wrote to before this release.
 */
export class ProductImagesCatalogueVersion1795885000000 implements MigrationInterface {
  name = 'ProductImagesCatalogueVersion1795885000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE CONSTRAINT TRIGGER "product_images_catalogue_version"
      AFTER INSERT OR UPDATE OR DELETE ON "product_images" DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "product_images_catalogue_version" ON "product_images"`);
  }
}
