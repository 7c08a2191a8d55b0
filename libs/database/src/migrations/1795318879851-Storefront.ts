import { MigrationInterface, QueryRunner } from 'typeorm';

export class Storefront1795318879851 implements MigrationInterface {
  name = 'Storefront1795318879851';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "products" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "handle" character varying(100) NOT NULL, "title" character varying(255) NOT NULL, "description" character varying(5000), "price_minor" bigint NOT NULL, "currency_code" character(3) NOT NULL, "inventory" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_products_price" CHECK ("price_minor" >= 0), CONSTRAINT "ck_products_inventory" CHECK ("inventory" >= 0), CONSTRAINT "PK_0806c755e0aca124e67c0cf6d7d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_products_store_created" ON "products" ("store_id", "created_at", "id") WHERE "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_products_store_handle" ON "products" ("store_id", "handle") WHERE "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "order_lines" ("order_id" uuid NOT NULL, "position" smallint NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "unit_price_minor" bigint NOT NULL, "currency_code" character(3) NOT NULL, CONSTRAINT "ck_order_lines_quantity" CHECK ("quantity" > 0), CONSTRAINT "PK_887d737613de486d729389fc16c" PRIMARY KEY ("order_id", "position"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_order_lines_product" ON "order_lines" ("product_id") `);
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'open', "customer_email" character varying(254) NOT NULL, "total_minor" bigint NOT NULL, "currency_code" character(3) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_orders_store_created" ON "orders" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "FK_68863607048a1abd43772b314ef" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_lines" ADD CONSTRAINT "FK_6a619803439ea92778cafc8fb54" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order_lines" ADD CONSTRAINT "FK_c33a737fbeb5050911ca729aaed" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_b7a7bb813431fc7cd73cced0001" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "FK_b7a7bb813431fc7cd73cced0001"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP CONSTRAINT "FK_c33a737fbeb5050911ca729aaed"`);
    await queryRunner.query(`ALTER TABLE "order_lines" DROP CONSTRAINT "FK_6a619803439ea92778cafc8fb54"`);
    await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "FK_68863607048a1abd43772b314ef"`);
    await queryRunner.query(`DROP INDEX "public"."ix_orders_store_created"`);
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP INDEX "public"."ix_order_lines_product"`);
    await queryRunner.query(`DROP TABLE "order_lines"`);
    await queryRunner.query(`DROP INDEX "public"."uq_products_store_handle"`);
    await queryRunner.query(`DROP INDEX "public"."ix_products_store_created"`);
    await queryRunner.query(`DROP TABLE "products"`);
  }
}
