import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints, their deliveries (one per event and endpoint) and each delivery's attempts.
 * - An endpoint goes with its store; its deliveries go with it (deleting an endpoint stops everything
 *   pending: a queued attempt finds no delivery and does nothing) and with their event (events are
 *   purged after EVENT_RETENTION_DAYS, and their deliveries and attempts with them).
 * - The signing secret is kept encrypted (AES-256-GCM), not hashed: signing needs the key itself.
 * - The queue `webhook-attempt` (one job per scheduled attempt) is created here, so an enqueue inside a
 *   change's transaction never finds it missing.
 */
export class Webhooks1795401300000 implements MigrationInterface {
  name = 'Webhooks1795401300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "store_id" uuid NOT NULL, "created_by" uuid NOT NULL, "url" character varying(2048) NOT NULL, "events" text[] NOT NULL, "description" character varying(500), "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(16), "secret_sealed" text NOT NULL, "secret_hint" character varying(8) NOT NULL, "previous_secret_sealed" text, "previous_secret_until" TIMESTAMP WITH TIME ZONE, "consecutive_failures" integer NOT NULL DEFAULT 0, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_webhook_endpoints_disabled_reason" CHECK ("disabled_reason" IN ('gone', 'failing', 'manual')), CONSTRAINT "PK_webhook_endpoints" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webhook_endpoints_store" ON "webhook_endpoints" ("store_id", "created_at", "id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_webhook_endpoints_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_type" character varying(64) NOT NULL, "body" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempt_count" integer NOT NULL DEFAULT 0, "job_seq" integer NOT NULL DEFAULT 1, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_webhook_deliveries_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')), CONSTRAINT "uq_webhook_deliveries_endpoint_event" UNIQUE ("endpoint_id", "event_id"), CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webhook_deliveries_endpoint_created" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webhook_deliveries_event" ON "webhook_deliveries" ("event_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_webhook_deliveries_event" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "delivery_id" uuid NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_code" integer, "error" character varying(32), "duration_ms" integer NOT NULL, CONSTRAINT "PK_webhook_attempts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webhook_attempts_delivery" ON "webhook_attempts" ("delivery_id", "at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_attempts" ADD CONSTRAINT "FK_webhook_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`SELECT pgboss.create_queue('webhook-attempt', '{"policy":"standard"}'::json)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SELECT pgboss.delete_queue('webhook-attempt')`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
