import type { AcceptedInvitationDto, InvitationDto, InvitationPreviewDto } from './dto/invitation.dto';
import type { MemberDto } from './dto/member.dto';
import type { InvitationRow, MemberRow } from './member.row';

/** Row → the member as the API shows it. */
export function toMemberDto(row: MemberRow): MemberDto {
  return {
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    joinedAt: row.joined_at.toISOString(),
  };
}

/** Row → the invitation as the API shows it: never its token. */
export function toInvitationDto(row: InvitationRow): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: { id: row.invited_by, email: row.inviter_email },
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

/** Row → what the invitation page shows before accepting (the store by its name; never the token). */
export function toInvitationPreviewDto(row: InvitationRow, storeName: string): InvitationPreviewDto {
  const { email, role, invitedBy, expiresAt } = toInvitationDto(row);
  return { storeName, email, role, invitedBy, expiresAt };
}

export function toAcceptedDto(storeId: string, member: MemberDto): AcceptedInvitationDto {
  return { storeId, role: member.role };
}
