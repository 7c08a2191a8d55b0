import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events: one row per committed change to a store's resources, written in the change's own transaction
 * (the outbox webhook delivery reads). They go with their store (ON DELETE CASCADE) and are purged
 * after EVENT_RETENTION_DAYS. The list reads newest first: (created_at, id) descending, per store and
 * per store and type.
 */
export class Events1795401000000 implements MigrationInterface {
  name = 'Events1795401000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "type" character varying(64) NOT NULL, "actor_type" character varying(16) NOT NULL, "actor_id" uuid, "actor_name" character varying(255), "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_events_actor_type" CHECK ("actor_type" IN ('account', 'app', 'system')), CONSTRAINT "PK_events" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_events_store_created" ON "events" ("store_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_events_store_type_created" ON "events" ("store_id", "type", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_events_created" ON "events" ("created_at") `);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_events_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_events_store"`);
    await queryRunner.query(`DROP INDEX "public"."ix_events_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_events_store_type_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_events_store_created"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
