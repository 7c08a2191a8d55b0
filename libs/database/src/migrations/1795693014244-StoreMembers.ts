import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Store members and roles (v1.3): `store_members` (a store's members and their roles, exactly one owner)
 * and `store_invitations`. Every store's owner becomes its `owner` member, then `stores.owner_id` goes:
 * from here on who may act on a store is its memberships alone (one source of truth).
 *
 * On a live database: the new tables are empty when created; the backfill is one INSERT … SELECT over
 * `stores` (an index build's worth of work per store) and dropping the column rewrites nothing
 * (PostgreSQL marks it dropped). Instances of the previous release read `stores.owner_id`: once this has
 * run they answer 500 on store routes until they are replaced, so run it with the new release (see
 * docs/deployment.md, "Upgrading to v1.3").
 */
export class StoreMembers1795693014244 implements MigrationInterface {
  name = 'StoreMembers1795693014244';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "store_members" ("store_id" uuid NOT NULL, "account_id" uuid NOT NULL, "role" character varying(16) NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_store_members_role" CHECK ("role" IN ('owner', 'admin', 'developer', 'staff')), CONSTRAINT "PK_store_members" PRIMARY KEY ("store_id", "account_id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_store_members_owner" ON "store_members" ("store_id") WHERE "role" = 'owner'`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_store_members_account" ON "store_members" ("account_id", "store_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "store_members" ADD CONSTRAINT "FK_store_members_store" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_members" ADD CONSTRAINT "FK_store_members_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Every store's owner, as its owner member since the store was created.
    await queryRunner.query(
      `INSERT INTO "store_members" ("store_id", "account_id", "role", "joined_at")
       SELECT "id", "owner_id", 'owner', "created_at" FROM "stores"`,
    );

    await queryRunner.query(
      `CREATE TABLE "store_invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "store_id" uuid NOT NULL, "email" character varying(320) NOT NULL, "role" character varying(16) NOT NULL, "token_hash" character(64) NOT NULL, "invited_by" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "accepted_by" uuid, CONSTRAINT "ck_store_invitations_role" CHECK ("role" IN ('admin', 'developer', 'staff')), CONSTRAINT "PK_efb6ddddde0a543730e3fe1bf55" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_store_invitations_token_hash" ON "store_invitations" ("token_hash") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_store_invitations_expires" ON "store_invitations" ("expires_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_store_invitations_pending" ON "store_invitations" ("store_id", "email") WHERE "accepted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_store_invitations_store_created" ON "store_invitations" ("store_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "store_invitations" ADD CONSTRAINT "FK_6d7871a79a3e0bed52f20b2fcf6" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_invitations" ADD CONSTRAINT "FK_store_invitations_inviter" FOREIGN KEY ("invited_by") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "store_invitations" ADD CONSTRAINT "FK_store_invitations_acceptor" FOREIGN KEY ("accepted_by") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`ALTER TABLE "stores" DROP CONSTRAINT "FK_c03f4f73d83362cabb34dfa9418"`);
    await queryRunner.query(`DROP INDEX "public"."ix_stores_owner_created"`);
    await queryRunner.query(`ALTER TABLE "stores" DROP COLUMN "owner_id"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Back to one owner per store, from the owner members.
    await queryRunner.query(`ALTER TABLE "stores" ADD "owner_id" uuid`);
    await queryRunner.query(
      `UPDATE "stores" s SET "owner_id" = m."account_id" FROM "store_members" m
        WHERE m."store_id" = s."id" AND m."role" = 'owner'`,
    );
    await queryRunner.query(`ALTER TABLE "stores" ALTER COLUMN "owner_id" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "ix_stores_owner_created" ON "stores" ("owner_id", "created_at", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "stores" ADD CONSTRAINT "FK_c03f4f73d83362cabb34dfa9418" FOREIGN KEY ("owner_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP TABLE "store_invitations"`);
    await queryRunner.query(`DROP TABLE "store_members"`);
  }
}
