import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (v1.4) An idempotency key's caller names an app with its store and, for an installed app, its
 * installation (`app:<id>:store:<id>:installation:<id>:<scope digest>`, 150 characters): the column grows
 * from 80 to 200. Widening a varchar is a catalogue change in PostgreSQL (no table rewrite, no index
 * rebuild). Keys kept under the old, shorter app callers simply no longer replay (at most 24 h of them).
 */
export class IdempotencyCallerPerInstallation1795810100000 implements MigrationInterface {
  name = 'IdempotencyCallerPerInstallation1795810100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ALTER COLUMN "caller" TYPE character varying(200)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys" WHERE length("caller") > 80`);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys" ALTER COLUMN "caller" TYPE character varying(80)`,
    );
  }
}
