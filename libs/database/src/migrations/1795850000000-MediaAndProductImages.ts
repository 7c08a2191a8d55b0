import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media (v1.4, §17): `media_uploads` (staged uploads, deleted by the purge 24 h after creation), `media`
 * (checked images; the id is the upload's), `media_trash` (folders whose objects the purge removes),
 * `product_images` (a product's images, by media), and the stores' three branding media ids.
 *
 * A deleted media or an upload deleted before it became one — by hand, by the purge, or with its store
 * (ON DELETE CASCADE) — records its folder in `media_trash` through a trigger, so its objects are removed
 * however the row went, in the transaction that removed it.
 *
 * On a live database: new, empty tables; the store columns are nullable without a default (no rewrite).
 */
export class MediaAndProductImages1795850000000 implements MigrationInterface {
  name = 'MediaAndProductImages1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "media_uploads" ("id" uuid NOT NULL, "store_id" uuid NOT NULL, "purpose" character varying(16) NOT NULL, "filename" character varying(255) NOT NULL, "content_type" character varying(32) NOT NULL, "size" integer NOT NULL, "object_key" character varying(255) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_media_uploads" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_media_uploads_created" ON "media_uploads" ("created_at") `);
    await queryRunner.query(
      `ALTER TABLE "media_uploads" ADD CONSTRAINT "FK_media_uploads_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "media" ("id" uuid NOT NULL, "store_id" uuid NOT NULL, "purpose" character varying(16) NOT NULL, "content_type" character varying(32) NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "bytes" integer NOT NULL, "filename" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_media" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_media_store_created" ON "media" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_media_store_purpose_created" ON "media" ("store_id", "purpose", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "media" ADD CONSTRAINT "FK_media_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "media_trash" ("prefix" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_media_trash" PRIMARY KEY ("prefix"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "product_images" ("id" uuid NOT NULL, "store_id" uuid NOT NULL, "product_id" uuid NOT NULL, "media_id" uuid NOT NULL, "alt_text" character varying(512), "position" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_product_images" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_product_images_product_position" ON "product_images" ("product_id", "position") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_product_images_media" ON "product_images" ("media_id") `);
    await queryRunner.query(
      `ALTER TABLE "product_images" ADD CONSTRAINT "FK_product_images_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "product_images" ADD CONSTRAINT "FK_product_images_media" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    for (const column of ['favicon_media_id', 'logo_black_white_media_id', 'logo_color_media_id']) {
      await queryRunner.query(`ALTER TABLE "stores" ADD "${column}" uuid`);
      await queryRunner.query(
        `ALTER TABLE "stores" ADD CONSTRAINT "FK_stores_${column}" FOREIGN KEY ("${column}") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      );
    }
    await queryRunner.query(`CREATE FUNCTION "media_trash_folder"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        -- An upload's folder is trashed only when no media came of it (the media's own row trashes it).
        IF TG_TABLE_NAME = 'media' OR NOT EXISTS (SELECT 1 FROM media WHERE id = OLD.id) THEN
          INSERT INTO media_trash (prefix) VALUES (OLD.store_id || '/' || OLD.id || '/') ON CONFLICT DO NOTHING;
        END IF;
        RETURN OLD;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "media_trash_on_delete" AFTER DELETE ON "media"
      FOR EACH ROW EXECUTE FUNCTION "media_trash_folder"()`);
    await queryRunner.query(`CREATE TRIGGER "media_uploads_trash_on_delete" AFTER DELETE ON "media_uploads"
      FOR EACH ROW EXECUTE FUNCTION "media_trash_folder"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "media_uploads_trash_on_delete" ON "media_uploads"`);
    await queryRunner.query(`DROP TRIGGER "media_trash_on_delete" ON "media"`);
    await queryRunner.query(`DROP FUNCTION "media_trash_folder"()`);
    for (const column of ['favicon_media_id', 'logo_black_white_media_id', 'logo_color_media_id']) {
      await queryRunner.query(`ALTER TABLE "stores" DROP CONSTRAINT "FK_stores_${column}"`);
      await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "${column}"`);
    }
    await queryRunner.query(`DROP TABLE "product_images"`);
    await queryRunner.query(`DROP TABLE "media_trash"`);
    await queryRunner.query(`DROP TABLE "media"`);
    await queryRunner.query(`DROP TABLE "media_uploads"`);
  }
}
