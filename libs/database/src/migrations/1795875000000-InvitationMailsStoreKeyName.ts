import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The entities and the migrations agree again (test/database/schema-drift.e2e-spec.ts). The invitation
 * mails' foreign key to their store was created by hand as `FK_invitation_mails_store`; the entity gets
 * that key from StoreOwnedRow, like every store-owned table, whose key TypeORM names by a hash of the table
 * and column — the name the other store-owned tables' keys have. Renaming the constraint takes a brief
 * lock on the two tables and touches no row.
 */
export class InvitationMailsStoreKeyName1795875000000 implements MigrationInterface {
  name = 'InvitationMailsStoreKeyName1795875000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "invitation_mails" RENAME CONSTRAINT "FK_invitation_mails_store" TO "FK_795b27b8a1c8d5f9c3f19111836"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "invitation_mails" RENAME CONSTRAINT "FK_795b27b8a1c8d5f9c3f19111836" TO "FK_invitation_mails_store"`,
    );
  }
}
