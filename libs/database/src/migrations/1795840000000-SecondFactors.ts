import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Second factors and step-up (contract v1.4 §19).
 *
 * `accounts.second_factor`: whether the account has a confirmed factor, kept by the factor changes in
 * their own transaction (under the account's row lock), so the per-request session read learns "must
 * this session step up?" from the account row it can join by primary key, without probing the factor
 * tables. `sessions.verified_at`: when this session last verified a second factor (sign-in or step-up).
 * `stores.require_two_factor`: members without a factor are refused on the store's routes (read with the
 * membership in the same per-request statement).
 *
 * `totp_factors`: one row per account, the confirmed secret and a pending one (sealed), and the last
 * time step accepted (a code is refused for any step at or before it). `recovery_codes`: keyed hashes,
 * single use. `mfa_challenges`: the sign-in's `mfaToken` (a keyed hash), with its wrong answers.
 * `second_factor_failures`: failed answers per account, counted over 15 minutes.
 */
export class SecondFactors1795840000000 implements MigrationInterface {
  name = 'SecondFactors1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD "second_factor" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "verified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "stores" ADD "require_two_factor" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE TABLE "totp_factors" ("account_id" uuid NOT NULL, "secret_sealed" text, "confirmed_at" TIMESTAMP WITH TIME ZONE, "pending_secret_sealed" text, "pending_at" TIMESTAMP WITH TIME ZONE, "last_step" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_totp_factors" PRIMARY KEY ("account_id"), CONSTRAINT "FK_totp_factors_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "recovery_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "account_id" uuid NOT NULL, "code_hash" character(64) NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_recovery_codes" PRIMARY KEY ("id"), CONSTRAINT "FK_recovery_codes_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_recovery_codes_account_hash" ON "recovery_codes" ("account_id", "code_hash")`,
    );
    await queryRunner.query(
      `CREATE TABLE "mfa_challenges" ("token_hash" character(64) NOT NULL, "account_id" uuid NOT NULL, "method" character varying(20) NOT NULL, "failures" integer NOT NULL DEFAULT 0, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_mfa_challenges" PRIMARY KEY ("token_hash"), CONSTRAINT "FK_mfa_challenges_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "ix_mfa_challenges_account" ON "mfa_challenges" ("account_id")`);
    await queryRunner.query(
      `CREATE TABLE "second_factor_failures" ("id" BIGSERIAL NOT NULL, "account_id" uuid NOT NULL, "failed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_second_factor_failures" PRIMARY KEY ("id"), CONSTRAINT "FK_second_factor_failures_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_second_factor_failures_account" ON "second_factor_failures" ("account_id", "failed_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "second_factor_failures"`);
    await queryRunner.query(`DROP TABLE "mfa_challenges"`);
    await queryRunner.query(`DROP TABLE "recovery_codes"`);
    await queryRunner.query(`DROP TABLE "totp_factors"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "require_two_factor"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "verified_at"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "second_factor"`);
  }
}
