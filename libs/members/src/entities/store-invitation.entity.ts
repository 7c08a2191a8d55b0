import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * An invitation to join a store with a role, sent by e-mail. Its token (256 random bits) is stored only
 * as a keyed hash. Pending while `accepted_at` is null and `expires_at` has not passed; a store has at
 * most one pending invitation per address (re-inviting replaces it, revoking deletes it). Accepted and
 * expired rows are purged a day after their expiry.
 */
@Entity({ name: 'store_invitations' })
@Check('ck_store_invitations_role', `"role" IN ('admin', 'developer', 'staff')`)
@Index('ix_store_invitations_store_created', ['storeId', 'createdAt', 'id'])
@Index('ux_store_invitations_pending', ['storeId', 'email'], { unique: true, where: `"accepted_at" IS NULL` })
@Index('ix_store_invitations_expires', ['expiresAt'])
export class StoreInvitationEntity extends StoreOwnedRow {
  /** Trimmed and lower-cased, as sign-in e-mails are. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: string;

  /** HMAC-SHA-256 (SecretHasher, purpose `store_invitation`) of the token, hex. */
  @Index('uq_store_invitations_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy!: string;

  @ManyToOne('AccountEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'FK_store_invitations_inviter' })
  inviter?: object;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  @Column({ name: 'accepted_by', type: 'uuid', nullable: true })
  acceptedBy!: string | null;

  @ManyToOne('AccountEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'accepted_by', foreignKeyConstraintName: 'FK_store_invitations_acceptor' })
  acceptor?: object;
}
