import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';

/**
 * A membership: an account's place in a store, with its role. The one source of who may act on a store
 * (the access guard reads it with every store request). A store has exactly one owner: the partial unique
 * index allows at most one, and the store is created with its owner and transferred in one transaction,
 * so never none. Memberships go with their store and with their account (ON DELETE CASCADE).
 */
@Entity({ name: 'store_members' })
@Check('ck_store_members_role', `"role" IN ('owner', 'admin', 'developer', 'staff')`)
// An account's stores (`GET /v1/user/stores/@me`), and its memberships by store for the guard's read (the key).
@Index('ix_store_members_account', ['accountId', 'storeId'])
@Index('ux_store_members_owner', ['storeId'], { unique: true, where: `"role" = 'owner'` })
export class StoreMemberEntity {
  @PrimaryColumn({ name: 'store_id', type: 'uuid', primaryKeyConstraintName: 'PK_store_members' })
  storeId!: string;

  @PrimaryColumn({ name: 'account_id', type: 'uuid', primaryKeyConstraintName: 'PK_store_members' })
  accountId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt!: Date;

  // By entity name, not class: this context depends on the stores and accounts tables, not on their code.
  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_members_store' })
  store?: object;

  @ManyToOne('AccountEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'FK_store_members_account' })
  account?: object;
}
