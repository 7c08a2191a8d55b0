import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { UuidRow } from '@app/core';
import { AccountEntity } from './account.entity';

/** A row of one account's (its sign-in identities, its sessions): it goes when the account is deleted. */
export abstract class AccountOwnedRow extends UuidRow {
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;
}
