import { MigrationInterface, QueryRunner } from 'typeorm';
import { JOB_SCHEMA, JobQueue1795401200000 } from './1795401200000-JobQueue';

/**
 * Webhook deliveries become their own queue of attempts (docs/webhooks.md): a pending delivery is due at
 * `next_attempt_at` and leased (`leased_until`) by the instance making its attempt; `manual` marks the
 * owner's request. The pg-boss job that shadowed each attempt, and the sequence number that kept the
 * two in step (`job_seq`), go: every pending delivery already has its `next_attempt_at`, so nothing
 * queued is lost. pg-boss served only webhook delivery, so its schema goes too.
 *
 * Also: the endpoint's run of timed-out attempts (its circuit), each delivery's store (the per-store
 * limit of attempts in flight), the per-store windows of the test and retry routes' rate limit, and
 * `dns_error` attempts recorded as `blocked_address` (a name that does not resolve is refused like a
 * local address, so that attempts reveal nothing of internal DNS).
 */
export class WebhookDeliveryQueue1795401400000 implements MigrationInterface {
  name = 'WebhookDeliveryQueue1795401400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "store_id" uuid`);
    await queryRunner.query(
      `UPDATE "webhook_deliveries" d SET "store_id" = w."store_id" FROM "webhook_endpoints" w WHERE w."id" = d."endpoint_id"`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "store_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP COLUMN "job_seq", ADD "leased_until" TIMESTAMP WITH TIME ZONE, ADD "manual" character varying(8), ADD CONSTRAINT "ck_webhook_deliveries_manual" CHECK ("manual" IN ('resume', 'once'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webhook_deliveries_due" ON "webhook_deliveries" ("endpoint_id", "next_attempt_at") WHERE "status" = 'pending'`,
    );
    // Room in each page for a row's next versions: a claim changes no indexed column, so its update can
    // stay on the page (HOT) and leave the indexes alone.
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" SET (fillfactor = 80)`);
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD "consecutive_timeouts" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(
      `UPDATE "webhook_attempts" SET "error" = 'blocked_address' WHERE "error" = 'dns_error'`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_rate_limits" ("store_id" uuid NOT NULL, "kind" character varying(8) NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "hits" integer NOT NULL, CONSTRAINT "PK_webhook_rate_limits" PRIMARY KEY ("store_id", "kind"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_rate_limits" ADD CONSTRAINT "FK_webhook_rate_limits_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP SCHEMA ${JOB_SCHEMA} CASCADE`);
  }

  /** Back to pg-boss's schema and the columns of before; deliveries pending then have no job to run them. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await new JobQueue1795401200000().up(queryRunner);
    await queryRunner.query(`SELECT pgboss.create_queue('webhook-attempt', '{"policy":"standard"}'::json)`);
    await queryRunner.query(`DROP TABLE "webhook_rate_limits"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "consecutive_timeouts"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" RESET (fillfactor)`);
    await queryRunner.query(`DROP INDEX "ix_webhook_deliveries_due"`);
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "ck_webhook_deliveries_manual", DROP COLUMN "manual", DROP COLUMN "leased_until", DROP COLUMN "store_id", ADD "job_seq" integer NOT NULL DEFAULT 1`,
    );
  }
}
