import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * (v1.4) `invitation_mails`: one row per invitation mail sent, what the invitation mail limits count (at
 * most 3 to one address per store and 100 per inviting account in 24 hours, §14). A new, empty table.
 */
export class InvitationMails1795810200000 implements MigrationInterface {
  name = 'InvitationMails1795810200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "invitation_mails" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" uuid NOT NULL, "email" character varying(320) NOT NULL, "invited_by" uuid NOT NULL, CONSTRAINT "PK_invitation_mails" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_invitation_mails_store_email_created" ON "invitation_mails" ("store_id", "email", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_invitation_mails_inviter_created" ON "invitation_mails" ("invited_by", "created_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "invitation_mails" ADD CONSTRAINT "FK_invitation_mails_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invitation_mails" ADD CONSTRAINT "FK_invitation_mails_inviter" FOREIGN KEY ("invited_by") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "invitation_mails"`);
  }
}
