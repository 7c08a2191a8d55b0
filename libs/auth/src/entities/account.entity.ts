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
}
