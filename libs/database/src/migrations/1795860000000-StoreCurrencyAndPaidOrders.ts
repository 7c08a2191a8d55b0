import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (v1.4) The store's currency (`stores.currency_code`, `USD` unless set), and paid orders:
 * `orders.payment_status` (`pending` | `paid`) and `orders.paid_at`, with the partial index the hold
 * expiry scans (pending, still open orders by age).
 *
 * Expand only, safe on a live database and beside instances of the previous release: every new column
 * has a constant default (PostgreSQL ≥ 11 keeps it in the catalogue: no table rewrite), so the previous
 * release's INSERTs, which name none of them, still succeed. Every order placed before (or by a previous
 * release during a rolling upgrade) reads as `paid`: those orders never held stock on a timer, and
 * cancelling them now would surprise their stores. The CHECK is added NOT VALID (no scan under the
 * table's exclusive lock; every existing row has the default, which passes it), and the index covers
 * only the pending rows, of which there are none yet.
 */
export class StoreCurrencyAndPaidOrders1795860000000 implements MigrationInterface {
  name = 'StoreCurrencyAndPaidOrders1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stores" ADD "currency_code" character(3) NOT NULL DEFAULT 'USD'`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD "payment_status" character varying(16) NOT NULL DEFAULT 'paid'`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "paid_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "ck_orders_payment_status" CHECK ("payment_status" IN ('pending', 'paid')) NOT VALID`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_orders_pending_holds" ON "orders" ("created_at") WHERE "payment_status" = 'pending' AND "status" = 'open'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ix_orders_pending_holds"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "ck_orders_payment_status"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "paid_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "payment_status"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "currency_code"`);
  }
}
