import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `accounts.providers`: the sign-in methods an account has used (`otp`, `google`, `github`, each once),
 * kept on the account row so the per-request session check of `/v1/auth/me` reads two rows by primary
 * key — the session and its account — instead of also scanning `account_identities` (bench/README.md).
 *
 * A trigger keeps it: every identity inserted, by whatever statement, appends its provider in that same
 * statement. Under concurrent sign-ins the second UPDATE of the account row waits for the first and is
 * re-checked against the row the first wrote (READ COMMITTED), so an append is never lost. Identities
 * are never deleted on their own (only with their account), so nothing is ever removed.
 */
export class AccountProviders1795400600000 implements MigrationInterface {
  name = 'AccountProviders1795400600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD "providers" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE FUNCTION "account_identities_record_provider"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "accounts" SET "providers" = array_append("providers", NEW."provider")
         WHERE "id" = NEW."account_id" AND NOT (NEW."provider" = ANY ("providers"));
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "account_identities_record_provider"
      AFTER INSERT ON "account_identities"
      FOR EACH ROW EXECUTE FUNCTION "account_identities_record_provider"()`);
    await queryRunner.query(
      `UPDATE "accounts" a SET "providers" = ARRAY(SELECT DISTINCT i."provider" FROM "account_identities" i WHERE i."account_id" = a."id" ORDER BY 1)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "account_identities_record_provider" ON "account_identities"`);
    await queryRunner.query(`DROP FUNCTION "account_identities_record_provider"()`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "providers"`);
  }
}
