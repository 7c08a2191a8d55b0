import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { AccountEntity } from './account.entity';

/**
 * A way to sign in to an account: `otp` (subject = the e-mail), `google`, `github` (subject = the
 * provider's user id). The same (provider, subject) always maps to the same account.
 */
@Entity({ name: 'account_identities' })
@Index('uq_account_identities_provider_subject', ['provider', 'subject'], { unique: true })
export class AccountIdentityEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('ix_account_identities_account')
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ type: 'varchar', length: 320 })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
