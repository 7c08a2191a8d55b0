import type { MemberRole, Role } from '@app/sdk';

/** A membership as the repository reads it, with the account's e-mail address. */
export interface MemberRow {
  account_id: string;
  email: string;
  role: Role;
  joined_at: Date;
}

/** An invitation as the repository reads it, with its inviter's e-mail address (never its token). */
export interface InvitationRow {
  id: string;
  store_id: string;
  email: string;
  role: MemberRole;
  invited_by: string;
  inviter_email: string;
  expires_at: Date;
  created_at: Date;
}
