import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';
import { AccountEmail } from '@app/auth';
import { MEMBER_ROLES, ROLES, type MemberRole, type Role } from '@app/sdk';
import { ROLE_MESSAGE } from './member.dto';

export class InviteMemberDto {
  @ApiProperty({
    example: 'ravi@example.com',
    description: 'Trimmed and lower-cased, as sign-in e-mails are.',
  })
  @AccountEmail()
  email!: string;

  @ApiProperty({
    enum: MEMBER_ROLES,
    description: 'The role the invitation gives. An admin may invite only developers and staff.',
  })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;
}

export class AccountRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'asha@example.com' }) email!: string;
}

/** A pending invitation, as its list shows it (also the `data` of `member.invited`): never its token. */
export class InvitationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'ravi@example.com' }) email!: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role!: MemberRole;
  @ApiProperty({ type: AccountRefDto, description: 'The member who sent it.' }) invitedBy!: AccountRefDto;
  @ApiProperty({ format: 'date-time', description: 'The link works until then (INVITATION_TTL).' })
  expiresAt!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class AcceptInvitationDto {
  @ApiProperty({ description: 'The token of the invitation link (`…/console/invitations/<token>`).' })
  @IsString()
  @Length(1, 200)
  token!: string;
}

/** What an invitation link offers, for the invitation page before it is accepted: never its token. */
export class InvitationPreviewDto {
  @ApiProperty({ example: 'Asha Tea House', description: 'The name of the store the invitation is to.' })
  storeName!: string;
  @ApiProperty({
    example: 'ravi@example.com',
    description: 'The address it was sent to (only it may accept).',
  })
  email!: string;
  @ApiProperty({ enum: MEMBER_ROLES }) role!: MemberRole;
  @ApiProperty({ type: AccountRefDto, description: 'The member who sent it.' }) invitedBy!: AccountRefDto;
  @ApiProperty({ format: 'date-time', description: 'The link works until then (INVITATION_TTL).' })
  expiresAt!: string;
}

export class AcceptedInvitationDto {
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
}
