import { MigrationInterface, QueryRunner } from 'typeorm';

export class SocialLogin1795318349752 implements MigrationInterface {
  name = 'SocialLogin1795318349752';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_codes" ("code_hash" character(64) NOT NULL, "account_id" uuid NOT NULL, "method" character varying(20) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7869623b464d15ba8325fae3506" PRIMARY KEY ("code_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_login_codes_expires" ON "login_codes" ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "social_login_states" ("state_hash" character(64) NOT NULL, "provider" character varying(20) NOT NULL, "binding_hash" character(64) NOT NULL, "code_verifier" character varying(128), "redirect_uri" character varying(2048), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a856ac10a069970d56a2b5bc880" PRIMARY KEY ("state_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_social_login_states_expires" ON "social_login_states" ("expires_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "login_codes" ADD CONSTRAINT "FK_8b34de1c2a3f54af88b1f8486ea" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_codes" DROP CONSTRAINT "FK_8b34de1c2a3f54af88b1f8486ea"`);
    await queryRunner.query(`DROP INDEX "public"."ix_social_login_states_expires"`);
    await queryRunner.query(`DROP TABLE "social_login_states"`);
    await queryRunner.query(`DROP INDEX "public"."ix_login_codes_expires"`);
    await queryRunner.query(`DROP TABLE "login_codes"`);
  }
}
