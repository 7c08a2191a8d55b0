import { Column, Entity, Index } from 'typeorm';
import { AccountOwnedRow } from './account-owned-row';

/**
 * A way to sign in to an account: `otp` (subject = the e-mail), `google`, `github` (subject = the
 * provider's user id). The same (provider, subject) always maps to the same account.
 */
@Entity({ name: 'account_identities' })
@Index('uq_account_identities_provider_subject', ['provider', 'subject'], { unique: true })
@Index('ix_account_identities_account', ['accountId'])
export class AccountIdentityEntity extends AccountOwnedRow {
  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ type: 'varchar', length: 320 })
  subject!: string;
}
