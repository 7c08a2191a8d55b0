import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contract v1.1 hardening: the per-address OTP failure log (OTP_MAX_FAILURES over a rolling hour) and
 * the PKCE challenge that binds a social login code to the page that started the sign-in.
 */
export class SecurityHardening1795400000000 implements MigrationInterface {
  name = 'SecurityHardening1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "otp_failures" ("id" BIGSERIAL NOT NULL, "email" character varying(320) NOT NULL, "failed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_otp_failures" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_otp_failures_email_failed" ON "otp_failures" ("email", "failed_at") `,
    );
    await queryRunner.query(`ALTER TABLE "login_codes" ADD "code_challenge" character varying(64)`);
    await queryRunner.query(
      `ALTER TABLE "social_login_states" ADD "client_code_challenge" character varying(64)`,
    );
    // The purge deletes by age: keep those deletes on an index.
    await queryRunner.query(`CREATE INDEX "ix_refresh_tokens_expires" ON "refresh_tokens" ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "ix_otp_challenges_expires" ON "otp_challenges" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_otp_challenges_expires"`);
    await queryRunner.query(`DROP INDEX "public"."ix_refresh_tokens_expires"`);
    await queryRunner.query(`ALTER TABLE "social_login_states" DROP COLUMN "client_code_challenge"`);
    await queryRunner.query(`ALTER TABLE "login_codes" DROP COLUMN "code_challenge"`);
    await queryRunner.query(`DROP INDEX "public"."ix_otp_failures_email_failed"`);
    await queryRunner.query(`DROP TABLE "otp_failures"`);
  }
}
