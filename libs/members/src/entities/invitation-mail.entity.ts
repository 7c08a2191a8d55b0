import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * (v1.4) One invitation mail sent: what the invitation mail limits count (§14) — per store and address,
 * and per inviting account, over the last 24 hours. Kept apart from the invitations themselves, which a
 * replacement or a revocation deletes (a deleted invitation's mail was still sent). Purged after a day.
 */
@Entity({ name: 'invitation_mails' })
@Index('ix_invitation_mails_store_email_created', ['storeId', 'email', 'createdAt'])
@Index('ix_invitation_mails_inviter_created', ['invitedBy', 'createdAt'])
export class InvitationMailEntity extends StoreOwnedRow {
  /** Trimmed and lower-cased, as the invitation's. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'invited_by', type: 'uuid' })
  invitedBy!: string;

  @ManyToOne('AccountEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'FK_invitation_mails_inviter' })
  inviter?: object;
}
