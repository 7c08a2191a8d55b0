import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shoppers (v1.3, contract §15): `carts` and `cart_lines`, and the order lifecycle's columns on `orders`
 * (`source`, `fulfilled_at`, `cancelled_at`, `cancel_reason`) with check constraints on `status` and
 * `source`; events may name a public token as their actor (a shopper's checkout places an order).
 *
 * On a live database: the new tables are empty; the new order columns are nullable or have a constant
 * default (`source` = 'app', which every existing order is), so adding them rewrites nothing
 * (PostgreSQL ≥ 11 keeps a constant default in the catalogue). The two CHECK constraints scan `orders`
 * once under a brief lock; every existing row passes (status was always 'open').
 */
export class CartsAndOrderLifecycle1795750000000 implements MigrationInterface {
  name = 'CartsAndOrderLifecycle1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "source" character varying(16) NOT NULL DEFAULT 'app'`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "fulfilled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "cancelled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "cancel_reason" character varying(500)`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "ck_orders_status" CHECK ("status" IN ('open', 'fulfilled', 'cancelled'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "ck_orders_source" CHECK ("source" IN ('app', 'checkout'))`,
    );

    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "ck_events_actor_type"`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "ck_events_actor_type" CHECK ("actor_type" IN ('account', 'app', 'public_token', 'system'))`,
    );

    await queryRunner.query(
      `CREATE TABLE "carts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'open', "buyer_email" character varying(254), "order_id" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_carts_status" CHECK ("status" IN ('open', 'completed')), CONSTRAINT "PK_carts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_carts_updated" ON "carts" ("updated_at") `);
    await queryRunner.query(
      `CREATE TABLE "cart_lines" ("cart_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" integer NOT NULL, "position" integer NOT NULL, CONSTRAINT "ck_cart_lines_quantity" CHECK ("quantity" BETWEEN 1 AND 999), CONSTRAINT "PK_cart_lines" PRIMARY KEY ("cart_id", "product_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_cart_lines_product" ON "cart_lines" ("product_id") `);
    await queryRunner.query(
      `ALTER TABLE "carts" ADD CONSTRAINT "FK_40adab2d2921a344e92a3db449d" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "carts" ADD CONSTRAINT "FK_ace88a18b5f57ade458db9061d2" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_lines" ADD CONSTRAINT "FK_41ddbb6bf3c82ea6ad0f9fe0353" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cart_lines" ADD CONSTRAINT "FK_5c66a9dbf9b7661da7b6cde3a80" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "cart_lines"`);
    await queryRunner.query(`DROP TABLE "carts"`);
    await queryRunner.query(`DELETE FROM "events" WHERE "actor_type" = 'public_token'`);
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "ck_events_actor_type"`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "ck_events_actor_type" CHECK ("actor_type" IN ('account', 'app', 'system'))`,
    );
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "ck_orders_source"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "ck_orders_status"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "cancel_reason"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "cancelled_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "fulfilled_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "source"`);
  }
}
