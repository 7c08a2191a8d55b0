import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import { MEMBER_ROLES, ROLES, type MemberRole, type Role } from '@app/sdk';

/** A member of a store, as its members list shows it (also the `data` of the member.* events). */
export class MemberDto {
  @ApiProperty({ format: 'uuid' }) accountId!: string;
  @ApiProperty({ example: 'ravi@example.com' }) email!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ format: 'date-time' }) joinedAt!: string;
}

/** `data` of `store.transferred`: the two members, as they are after the transfer. */
export class StoreTransferDto {
  @ApiProperty({ type: MemberDto, description: 'The previous owner, now an admin.' }) from!: MemberDto;
  @ApiProperty({ type: MemberDto, description: 'The new owner.' }) to!: MemberDto;
}

export const ROLE_MESSAGE = `role must be one of: ${MEMBER_ROLES.join(', ')} (ownership moves only by a transfer)`;

export class UpdateMemberDto {
  @ApiProperty({ enum: MEMBER_ROLES, description: 'The new role; ownership moves only by a transfer.' })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role!: MemberRole;
}

export class TransferStoreDto {
  @ApiProperty({ format: 'uuid', description: 'A member of the store, who becomes its owner.' })
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId!: string;
}
