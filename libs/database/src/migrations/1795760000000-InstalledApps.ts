import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Installed apps (v1.3, §13): `installable_apps` (registered by a developer), `app_installations` (one per
 * app and store), `app_grants` (one per code exchange: the refresh-token chain its access tokens belong
 * to), `app_authorization_codes` and `app_refresh_tokens` (keyed hashes only), and `webhook_endpoints.app_id`:
 * an installed app's endpoint for a store goes through the store webhooks' delivery machinery.
 *
 * On a live database: new tables, empty; the new column is nullable without a default (no table rewrite)
 * and its unique index covers only the new rows (`WHERE app_id IS NOT NULL`).
 */
export class InstalledApps1795760000000 implements MigrationInterface {
  name = 'InstalledApps1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "installable_apps" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "developer_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "client_id" character varying(64) NOT NULL, "secret_hash" character(64) NOT NULL, "secret_hint" character varying(4) NOT NULL, "secret_version" integer NOT NULL DEFAULT '1', "redirect_uris" text array NOT NULL, "scopes" character varying(32) array NOT NULL, "homepage_url" character varying(2048), "webhook_url" character varying(2048), "webhook_events" text array NOT NULL DEFAULT '{}', "webhook_secret_sealed" text NOT NULL, "webhook_secret_hint" character varying(4) NOT NULL, "previous_webhook_secret_sealed" text, "previous_webhook_secret_until" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_installable_apps" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_installable_apps_client_id" ON "installable_apps" ("client_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_installable_apps_developer_created" ON "installable_apps" ("developer_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "installable_apps" ADD CONSTRAINT "FK_installable_apps_developer" FOREIGN KEY ("developer_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "app_installations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" uuid NOT NULL, "app_id" uuid NOT NULL, "scopes" character varying(32) array NOT NULL, "installed_by" uuid NOT NULL, CONSTRAINT "PK_app_installations" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_app_installations_app_store" ON "app_installations" ("app_id", "store_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_app_installations_store_created" ON "app_installations" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "app_installations" ADD CONSTRAINT "FK_3f000c3bebf892716620769d3b5" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "app_installations" ADD CONSTRAINT "FK_app_installations_app" FOREIGN KEY ("app_id") REFERENCES "installable_apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "app_grants" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "installation_id" uuid NOT NULL, "scopes" character varying(32) array NOT NULL, "confirmed_generation" integer NOT NULL DEFAULT '0', "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_app_grants" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_app_grants_installation" ON "app_grants" ("installation_id") `);
    await queryRunner.query(
      `ALTER TABLE "app_grants" ADD CONSTRAINT "FK_app_grants_installation" FOREIGN KEY ("installation_id") REFERENCES "app_installations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "app_authorization_codes" ("code_hash" character(64) NOT NULL, "app_id" uuid NOT NULL, "store_id" uuid NOT NULL, "account_id" uuid NOT NULL, "redirect_uri" text NOT NULL, "code_challenge" character varying(128) NOT NULL, "scopes" character varying(32) array NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "grant_id" uuid, CONSTRAINT "PK_app_authorization_codes" PRIMARY KEY ("code_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_app_authorization_codes_expires" ON "app_authorization_codes" ("expires_at") `,
    );

    await queryRunner.query(
      `CREATE TABLE "app_refresh_tokens" ("token_hash" character(64) NOT NULL, "grant_id" uuid NOT NULL, "generation" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_app_refresh_tokens" PRIMARY KEY ("token_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_app_refresh_tokens_grant" ON "app_refresh_tokens" ("grant_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "app_refresh_tokens" ADD CONSTRAINT "FK_app_refresh_tokens_grant" FOREIGN KEY ("grant_id") REFERENCES "app_grants"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "app_id" uuid`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_webhook_endpoints_app_store" ON "webhook_endpoints" ("app_id", "store_id") WHERE "app_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_webhook_endpoints_app" FOREIGN KEY ("app_id") REFERENCES "installable_apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "FK_webhook_endpoints_app"`);
    await queryRunner.query(`DROP INDEX "public"."ux_webhook_endpoints_app_store"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "app_id"`);
    await queryRunner.query(`DROP TABLE "app_refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "app_authorization_codes"`);
    await queryRunner.query(`DROP TABLE "app_grants"`);
    await queryRunner.query(`DROP TABLE "app_installations"`);
    await queryRunner.query(`DROP TABLE "installable_apps"`);
  }
}
