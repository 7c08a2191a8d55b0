import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitAuth1795315804613 implements MigrationInterface {
  name = 'InitAuth1795315804613';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(320) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_ee66de6cdc53993296d1ceb8aa0" UNIQUE ("email"), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "account_identities" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "provider" character varying(20) NOT NULL, "subject" character varying(320) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_03a85f9b5b43e86ca9d6f5ec0f7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_account_identities_account" ON "account_identities" ("account_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_account_identities_provider_subject" ON "account_identities" ("provider", "subject") `,
    );
    await queryRunner.query(
      `CREATE TABLE "otp_challenges" ("email" character varying(320) NOT NULL, "code_hash" character(64) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_cd376a0c34234bd1e9b94536002" PRIMARY KEY ("email"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "method" character varying(20) NOT NULL, "user_agent" character varying(512), "ip" character varying(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" character varying(32), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sessions_account" ON "sessions" ("account_id") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("token_hash" character(64) NOT NULL, "session_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a7838d2ba25be1342091b6695f1" PRIMARY KEY ("token_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_refresh_tokens_session" ON "refresh_tokens" ("session_id") `);
    await queryRunner.query(
      `CREATE TABLE "revoked_tokens" ("jti" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b18aa48269f87cafba8c6310624" PRIMARY KEY ("jti"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_identities" ADD CONSTRAINT "FK_df2ef81da2fbf39fac6344a199e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_3bf308fa93da3966f9e76fcfba4"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5"`);
    await queryRunner.query(
      `ALTER TABLE "account_identities" DROP CONSTRAINT "FK_df2ef81da2fbf39fac6344a199e"`,
    );
    await queryRunner.query(`DROP TABLE "revoked_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."ix_refresh_tokens_session"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_account"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "otp_challenges"`);
    await queryRunner.query(`DROP INDEX "public"."uq_account_identities_provider_subject"`);
    await queryRunner.query(`DROP INDEX "public"."ix_account_identities_account"`);
    await queryRunner.query(`DROP TABLE "account_identities"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
  }
}
