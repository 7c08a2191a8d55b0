import { Body, Controller, Delete, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore } from '@app/core';
import { AccountRoute, StoreAccess, WithAccountProfile } from '@app/core';
import {
  CreateRoute,
  ListRoute,
  NoContentRoute,
  NotFoundResponse,
  OkRoute,
  StoreNotFoundResponse,
} from '@app/core';
import {
  AcceptedInvitationDto,
  AcceptInvitationDto,
  InvitationDto,
  InvitationPreviewDto,
  InviteMemberDto,
} from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

/** The 404 of a route reading an invitation by its token. */
const TokenNotFound = () =>
  NotFoundResponse('`invitation_not_found`: unknown, used, revoked, replaced or expired.');
const NO_TOKEN = '`validation_failed`: no token.';

/** Invitations to a store (/v1/user/stores/:id/invitations), and accepting one (/v1/user/invitations/accept). */
@ApiTags('members')
@Controller('v1/user')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @CreateRoute(
    'Invite an e-mail address to the store with a role (an admin: developers and staff only). A mail carries the link `PUBLIC_URL/console/invitations/<token>`; inviting the address again replaces the invitation (the old link dies).',
    InvitationDto,
    'stores/:id/invitations',
  )
  @StoreAccess('members')
  @ApiBadRequestResponse({ description: '`validation_failed`: a bad e-mail address or role.' })
  @StoreNotFoundResponse()
  @ApiConflictResponse({
    description:
      '`already_member`: the address is a member already. `member_limit_reached`: 100 members or 50 pending invitations.',
  })
  @ApiTooManyRequestsResponse({
    description:
      '`rate_limited` (with `Retry-After`): 3 invitation mails to this address from this store, or 100 by this account, in the last 24 hours; nothing was sent or changed.',
  })
  @ApiServiceUnavailableResponse({
    description: '`mail_unavailable`: the invitation is saved, but its mail could not be sent; invite again.',
  })
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: InviteMemberDto,
  ): Promise<InvitationDto> {
    return this.invitations.create(caller, store, body);
  }

  @ListRoute(
    "The store's pending invitations (not accepted, not expired), oldest first.",
    InvitationDto,
    'stores/:id/invitations',
  )
  @StoreAccess('members')
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore): Promise<InvitationDto[]> {
    return this.invitations.list(store);
  }

  @Delete('stores/:id/invitations/:invitationId')
  @StoreAccess('members')
  @NoContentRoute('Revoke an invitation: its link dies.')
  @ApiParam({ name: 'invitationId', format: 'uuid' })
  @NotFoundResponse('`store_not_found` or `invitation_not_found`.')
  async revoke(
    @CurrentStore() store: AccessibleStore,
    @Param('invitationId') invitationId: string,
  ): Promise<void> {
    await this.invitations.revoke(store, invitationId);
  }

  @OkRoute(
    'POST',
    'invitations/preview',
    "What an invitation link offers — the store's name, the role, who invited, the address it was sent to — for the invitation page before accepting. The token goes in the body, never in the path (it would reach logs). Changes nothing.",
    InvitationPreviewDto,
  )
  @AccountRoute()
  @ApiBadRequestResponse({ description: NO_TOKEN })
  @ApiForbiddenResponse({ description: '`insufficient_scope`: an app or public token.' })
  @TokenNotFound()
  preview(@Body() body: AcceptInvitationDto): Promise<InvitationPreviewDto> {
    return this.invitations.preview(body.token);
  }

  @OkRoute(
    'POST',
    'invitations/accept',
    "Accept an invitation with the token of its link: the signed-in account, whose e-mail must be the invitation's, joins the store with its role. Works once.",
    AcceptedInvitationDto,
  )
  @AccountRoute()
  @WithAccountProfile()
  @ApiBadRequestResponse({ description: NO_TOKEN })
  @ApiForbiddenResponse({
    description:
      '`invitation_email_mismatch`: the invitation is for another address (it stays usable). `insufficient_scope`: an app or public token.',
  })
  @TokenNotFound()
  @ApiConflictResponse({
    description:
      '`already_member`: the account is a member already. `member_limit_reached`: the store has 100 members.',
  })
  accept(
    @CurrentCaller() caller: AccountCaller,
    @Body() body: AcceptInvitationDto,
  ): Promise<AcceptedInvitationDto> {
    return this.invitations.accept(caller, body.token);
  }
}
