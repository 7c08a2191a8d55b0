import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Installed apps hardened (v1.4, §13).
 *
 * - A code is bound to the installation its consent made or widened: `app_authorization_codes.installation_id`
 *   references the installation with ON DELETE CASCADE, so an uninstall deletes every code of it and a
 *   re-install (a new row) can never be reached by an older code. Codes not yet used are bound to the
 *   installation of their app and store only when that installation is older than the code (60 s of life:
 *   `expires_at - 60 s`); any other unused code is deleted — it may come from before a re-install.
 * - A grant names its one live refresh token (`live_token_hash`) and the token that token replaced
 *   (`previous_token_hash`, usable again only while the live one is unused), replacing
 *   `confirmed_generation`. Existing grants keep their newest token live and the newest of the generation
 *   before it as the previous one; their other tokens are dead (presenting one is reuse).
 *
 * On a live database: two nullable columns and one NOT NULL after its backfill on a table of short-lived
 * rows; no table rewrite of `app_grants` (nullable, no default).
 */
export class InstalledAppsOneLiveSuccessor1795801000000 implements MigrationInterface {
  name = 'InstalledAppsOneLiveSuccessor1795801000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_authorization_codes" ADD "installation_id" uuid`);
    await queryRunner.query(
      `UPDATE "app_authorization_codes" c SET "installation_id" = i."id" FROM "app_installations" i
        WHERE i."app_id" = c."app_id" AND i."store_id" = c."store_id"
          AND (c."used_at" IS NOT NULL OR i."created_at" <= c."expires_at" - interval '60 seconds')`,
    );
    await queryRunner.query(`DELETE FROM "app_authorization_codes" WHERE "installation_id" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "app_authorization_codes" ALTER COLUMN "installation_id" SET NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_app_authorization_codes_installation" ON "app_authorization_codes" ("installation_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "app_authorization_codes" ADD CONSTRAINT "FK_app_authorization_codes_installation" FOREIGN KEY ("installation_id") REFERENCES "app_installations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "app_grants" ADD "live_token_hash" character(64)`);
    await queryRunner.query(`ALTER TABLE "app_grants" ADD "previous_token_hash" character(64)`);
    await queryRunner.query(
      `UPDATE "app_grants" g SET
         "live_token_hash" = (SELECT r."token_hash" FROM "app_refresh_tokens" r WHERE r."grant_id" = g."id"
                               ORDER BY r."generation" DESC, r."created_at" DESC LIMIT 1),
         "previous_token_hash" = (SELECT r."token_hash" FROM "app_refresh_tokens" r
                                   WHERE r."grant_id" = g."id" AND r."generation" = g."confirmed_generation"
                                     AND g."confirmed_generation" < (SELECT max(m."generation") FROM "app_refresh_tokens" m
                                                                       WHERE m."grant_id" = g."id")
                                   ORDER BY r."created_at" DESC LIMIT 1)`,
    );
    await queryRunner.query(`ALTER TABLE "app_grants" DROP COLUMN "confirmed_generation"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "app_grants" ADD "confirmed_generation" integer NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `UPDATE "app_grants" g SET "confirmed_generation" = coalesce(
         (SELECT r."generation" FROM "app_refresh_tokens" r WHERE r."token_hash" = g."previous_token_hash"), 0)`,
    );
    await queryRunner.query(`ALTER TABLE "app_grants" DROP COLUMN "previous_token_hash"`);
    await queryRunner.query(`ALTER TABLE "app_grants" DROP COLUMN "live_token_hash"`);
    await queryRunner.query(
      `ALTER TABLE "app_authorization_codes" DROP CONSTRAINT "FK_app_authorization_codes_installation"`,
    );
    await queryRunner.query(`DROP INDEX "public"."ix_app_authorization_codes_installation"`);
    await queryRunner.query(`ALTER TABLE "app_authorization_codes" DROP COLUMN "installation_id"`);
  }
}
