import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  AccountRoute,
  CurrentCaller,
  CurrentStore,
  NoContentRoute,
  StoreAccess,
  StoreNotFoundResponse,
  WithAccountProfile,
} from '@app/core';
import {
  AcceptedInvitationDto,
  AcceptInvitationDto,
  InvitationDto,
  InvitationPreviewDto,
  InviteMemberDto,
} from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

/** Invitations to a store (/v1/user/stores/:id/invitations), and accepting one (/v1/user/invitations/accept). */
@ApiTags('members')
@Controller('v1/user')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post('stores/:id/invitations')
  @StoreAccess('members')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Invite an e-mail address to the store with a role (an admin: developers and staff only). A mail carries the link `PUBLIC_URL/console/invitations/<token>`; inviting the address again replaces the invitation (the old link dies).',
  })
  @ApiCreatedResponse({ type: InvitationDto })
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

  @Get('stores/:id/invitations')
  @StoreAccess('members')
  @ApiOperation({ summary: "The store's pending invitations (not accepted, not expired), oldest first." })
  @ApiOkResponse({ type: [InvitationDto] })
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore): Promise<InvitationDto[]> {
    return this.invitations.list(store);
  }

  @Delete('stores/:id/invitations/:invitationId')
  @StoreAccess('members')
  @NoContentRoute('Revoke an invitation: its link dies.')
  @ApiParam({ name: 'invitationId', format: 'uuid' })
  @ApiNotFoundResponse({ description: '`store_not_found` or `invitation_not_found`.' })
  async revoke(
    @CurrentStore() store: AccessibleStore,
    @Param('invitationId') invitationId: string,
  ): Promise<void> {
    await this.invitations.revoke(store, invitationId);
  }

  @Post('invitations/preview')
  @AccountRoute()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "What an invitation link offers — the store's name, the role, who invited, the address it was sent to — for the invitation page before accepting. The token goes in the body, never in the path (it would reach logs). Changes nothing.",
  })
  @ApiOkResponse({ type: InvitationPreviewDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: no token.' })
  @ApiForbiddenResponse({ description: '`insufficient_scope`: an app or public token.' })
  @ApiNotFoundResponse({
    description: '`invitation_not_found`: unknown, used, revoked, replaced or expired.',
  })
  preview(@Body() body: AcceptInvitationDto): Promise<InvitationPreviewDto> {
    return this.invitations.preview(body.token);
  }

  @Post('invitations/accept')
  @AccountRoute()
  @WithAccountProfile()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Accept an invitation with the token of its link: the signed-in account, whose e-mail must be the invitation's, joins the store with its role. Works once.",
  })
  @ApiOkResponse({ type: AcceptedInvitationDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: no token.' })
  @ApiForbiddenResponse({
    description:
      '`invitation_email_mismatch`: the invitation is for another address (it stays usable). `insufficient_scope`: an app or public token.',
  })
  @ApiNotFoundResponse({
    description: '`invitation_not_found`: unknown, used, revoked, replaced or expired.',
  })
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
