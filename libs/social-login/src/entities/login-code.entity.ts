import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AccountEntity } from '@app/auth';

/**
 * A single-use, short-lived code handed to a redirect_uri after a social sign-in, exchanged at
 * POST /v1/auth/login/exchange for a token pair (so tokens never travel in a URL).
 */
@Entity({ name: 'login_codes' })
export class LoginCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  /** The sign-in method the session will record: google, github. */
  @Column({ type: 'varchar', length: 20 })
  method!: string;

  /** The S256 PKCE challenge of the page that started the sign-in; the exchange must show its verifier. */
  @Column({ name: 'code_challenge', type: 'varchar', length: 64, nullable: true })
  codeChallenge!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Index('ix_login_codes_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
