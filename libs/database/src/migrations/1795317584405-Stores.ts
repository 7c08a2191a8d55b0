import { MigrationInterface, QueryRunner } from 'typeorm';

export class Stores1795317584405 implements MigrationInterface {
  name = 'Stores1795317584405';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stores" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(2000), "status" character varying(16) NOT NULL DEFAULT 'onboarding', "completed_stages" smallint array NOT NULL DEFAULT '{}', "completed_at" TIMESTAMP WITH TIME ZONE, "favicon_url" character varying(2048), "logo_black_white_url" character varying(2048), "logo_color_url" character varying(2048), "mobile" character varying(16), "landline" character varying(16), "support_email" character varying(254), "whatsapp_number" character varying(16), "address" jsonb, "region" character varying(100), "gst_number" character varying(15), "social_links" character varying(2048) array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7aa6e7d71fa7acdd7ca43d7c9cb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_stores_owner_created" ON "stores" ("owner_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "stores" ADD CONSTRAINT "FK_c03f4f73d83362cabb34dfa9418" FOREIGN KEY ("owner_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stores" DROP CONSTRAINT "FK_c03f4f73d83362cabb34dfa9418"`);
    await queryRunner.query(`DROP INDEX "public"."ix_stores_owner_created"`);
    await queryRunner.query(`DROP TABLE "stores"`);
  }
}
