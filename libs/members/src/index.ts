export * from './entities';
export * from './members.module';
export { MEMBERSHIP_SQL_FRAGMENTS } from './membership.sql';
export { MEMBERS_PURGE_RULES } from './purge-rules';
export { MemberDto, StoreTransferDto } from './dto/member.dto';
export { InvitationDto } from './dto/invitation.dto';
export { MAX_MEMBERS, MAX_PENDING_INVITATIONS } from './member.policy';
