import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn Level 2) as a second factor and as a sign-in of their own (contract v1.4 §19).
 *
 * `passkeys`: one row per registered credential; `id` is ours (a UUID the API shows), `credential_id`
 * the authenticator's (base64url, unique: one credential belongs to one account), its COSE public key
 * and the last signature counter seen (a counter that goes backwards is refused: a cloned key).
 * `webauthn_challenges`: every challenge handed out, with what it is for (`purpose`) and whom (the
 * account and session for registration and step-up, the mfaToken for the sign-in's second step, nobody
 * for passkey sign-in). A challenge is spent by one DELETE … RETURNING, so it is single use on every
 * instance, and lives 300 s.
 */
export class Passkeys1795880000000 implements MigrationInterface {
  name = 'Passkeys1795880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "passkeys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "credential_id" character varying(1400) NOT NULL, "public_key" bytea NOT NULL, "counter" bigint NOT NULL DEFAULT '0', "transports" text array, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_passkeys" PRIMARY KEY ("id"), CONSTRAINT "FK_passkeys_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_passkeys_credential" ON "passkeys" ("credential_id")`);
    await queryRunner.query(`CREATE INDEX "ix_passkeys_account" ON "passkeys" ("account_id")`);
    await queryRunner.query(
      `CREATE TABLE "webauthn_challenges" ("challenge" character varying(128) NOT NULL, "purpose" character varying(16) NOT NULL, "account_id" uuid, "session_id" uuid, "mfa_token_hash" character(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_webauthn_challenges" PRIMARY KEY ("challenge"), CONSTRAINT "FK_webauthn_challenges_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_webauthn_challenges_expiry" ON "webauthn_challenges" ("expires_at")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webauthn_challenges"`);
    await queryRunner.query(`DROP TABLE "passkeys"`);
  }
}
