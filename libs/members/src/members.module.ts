import { Module } from '@nestjs/common';
import { StoresModule } from '@app/stores';
import { InvitationsController } from './invitations.controller';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';

/**
 * Store members and roles: memberships, invitations, the transfer of ownership. The access rule every
 * store route declares (@StoreAccess, libs/core) is enforced by the global access guard, which reads the
 * caller's membership through this context's SQL (MEMBERSHIP_SQL_FRAGMENTS, wired in the composition root).
 */
@Module({
  imports: [StoresModule],
  controllers: [MembersController, InvitationsController],
  providers: [MembersRepository, MembersService, InvitationsRepository, InvitationsService],
})
export class MembersModule {}
