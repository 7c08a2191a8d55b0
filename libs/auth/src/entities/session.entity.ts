import { Column, Entity, Index } from 'typeorm';
import { AccountOwnedRow } from './account-owned-row';

/** One signed-in device/browser. Its access and refresh tokens live and die with it. */
@Entity({ name: 'sessions' })
@Index('ix_sessions_account', ['accountId'])
export class SessionEntity extends AccountOwnedRow {
  /** How the session was opened: otp, google, github. */
  @Column({ type: 'varchar', length: 20 })
  method!: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt!: Date;

  /**
   * The session's end: the later of its refresh token's and its last access token's expiry, moved
   * forward by every refresh, never past SESSION_MAX_AGE from sign-in (sessions.repository.ts).
   */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason!: string | null;

  /** (v1.4) When this session last verified a second factor (sign-in or step-up); step-up lasts 600 s. */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;
}
