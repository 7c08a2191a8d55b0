import { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency-Key: the first answer per (caller, key), kept 24 hours. */
export class IdempotencyKeys1795400300000 implements MigrationInterface {
  name = 'IdempotencyKeys1795400300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("caller" character varying(80) NOT NULL, "key" character varying(255) NOT NULL, "fingerprint" character(64) NOT NULL, "status" integer, "body" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("caller", "key"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_idempotency_keys_expires" ON "idempotency_keys" ("expires_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_idempotency_keys_expires"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
