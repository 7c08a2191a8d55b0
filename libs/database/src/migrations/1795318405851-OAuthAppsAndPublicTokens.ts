import { MigrationInterface, QueryRunner } from 'typeorm';

export class OAuthAppsAndPublicTokens1795318405851 implements MigrationInterface {
  name = 'OAuthAppsAndPublicTokens1795318405851';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oauth_apps" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "client_id" character varying(64) NOT NULL, "secret_hash" character(64) NOT NULL, "secret_hint" character varying(4) NOT NULL, "secret_version" integer NOT NULL DEFAULT '1', "secret_rotated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "scopes" character varying(32) array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8871ea4a8e0f9f551e53908e0f1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_oauth_apps_client_id" ON "oauth_apps" ("client_id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_oauth_apps_store_created" ON "oauth_apps" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "public_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "store_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "token_hash" character(64) NOT NULL, "token_hint" character varying(4) NOT NULL, "scopes" character varying(32) array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rotated_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_245fec406d243dd9f0d2a389946" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_public_tokens_token_hash" ON "public_tokens" ("token_hash") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_public_tokens_store_created" ON "public_tokens" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "oauth_apps" ADD CONSTRAINT "FK_f3da4799b5dc171a7afab4881c6" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "public_tokens" ADD CONSTRAINT "FK_d6f9305ff2a71474e4afa6dad97" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "public_tokens" DROP CONSTRAINT "FK_d6f9305ff2a71474e4afa6dad97"`);
    await queryRunner.query(`ALTER TABLE "oauth_apps" DROP CONSTRAINT "FK_f3da4799b5dc171a7afab4881c6"`);
    await queryRunner.query(`DROP INDEX "public"."ix_public_tokens_store_created"`);
    await queryRunner.query(`DROP INDEX "public"."uq_public_tokens_token_hash"`);
    await queryRunner.query(`DROP TABLE "public_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."ix_oauth_apps_store_created"`);
    await queryRunner.query(`DROP INDEX "public"."uq_oauth_apps_client_id"`);
    await queryRunner.query(`DROP TABLE "oauth_apps"`);
  }
}
