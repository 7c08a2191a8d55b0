import { Column, Entity } from 'typeorm';
import { UuidRow } from '@app/core';

@Entity({ name: 'accounts' })
export class AccountEntity extends UuidRow {
  /** Trimmed and lower-cased before it gets here. */
  @Column({ type: 'varchar', length: 320, unique: true })
  email!: string;

  /**
   * The providers of its identities (`otp`, `google`, `github`), each once, appended by a trigger on every
   * new identity (migration AccountProviders), so the per-request profile read needs no look into
   * account_identities.
   */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  providers!: string[];

  /**
   * (v1.4) The account has a confirmed second factor: kept by every factor change in its transaction, so
   * the per-request session read decides step-up from this row (libs/auth/src/factors).
   */
  @Column({ name: 'second_factor', type: 'boolean', default: false })
  secondFactor!: boolean;
}
