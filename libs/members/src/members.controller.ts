import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  NoContentRoute,
  StepUp,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import { StoreModel, StoresService } from '@app/stores';
import { MemberDto, StoreTransferDto, TransferStoreDto, UpdateMemberDto } from './dto/member.dto';
import { MembersService } from './members.service';

const MEMBER_404 = '`store_not_found`, or `member_not_found`: the account is not a member of the store.';
const OWNER_409 =
  '`owner_required`: the owner cannot be removed or given another role (transfer the ownership).';
const AccountIdParam = () =>
  ApiParam({ name: 'accountId', format: 'uuid', description: 'A member of the store.' });

/** A store's members (/v1/user/stores/:id/members) and the transfer of its ownership. */
@ApiTags('members')
// The `data` of `store.transferred` events: in the document for clients reading events.
@ApiExtraModels(StoreTransferDto)
@Controller('v1/user/stores/:id')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly stores: StoresService,
  ) {}

  @Get('members')
  @StoreAccess('read')
  @ApiOperation({ summary: "The store's members with their roles, the owner first." })
  @ApiOkResponse({ type: [MemberDto] })
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore): Promise<MemberDto[]> {
    return this.members.list(store);
  }

  @Put('members/:accountId')
  @StoreAccess('members')
  @ApiOperation({
    summary:
      "Change a member's role (the owner: to any member role; an admin: developers and staff only). Takes effect on the member's very next request.",
  })
  @AccountIdParam()
  @ApiOkResponse({ type: MemberDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a role other than admin, developer, staff.' })
  @ApiNotFoundResponse({ description: MEMBER_404 })
  @ApiConflictResponse({ description: OWNER_409 })
  update(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('accountId') accountId: string,
    @Body() body: UpdateMemberDto,
  ): Promise<MemberDto> {
    return this.members.changeRole(caller, store, accountId, body.role);
  }

  @Delete('members/:accountId')
  @StoreAccess('members', { orSelf: 'accountId' })
  @NoContentRoute(
    'Remove a member, or leave the store (any member but the owner may remove itself). Refused on its very next request.',
  )
  @AccountIdParam()
  @ApiNotFoundResponse({ description: MEMBER_404 })
  @ApiConflictResponse({ description: OWNER_409 })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('accountId') accountId: string,
  ): Promise<void> {
    await this.members.remove(caller, store, accountId);
  }

  @StepUp()
  @Post('transfer')
  @StoreAccess('owner')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Transfer the ownership to another member (the owner only): it becomes the owner and the caller an admin, in one transaction. Answers the store, with the caller’s new role.',
  })
  @ApiOkResponse({ type: StoreModel })
  @ApiBadRequestResponse({ description: '`validation_failed`: `accountId` is not a UUID.' })
  @ApiNotFoundResponse({ description: MEMBER_404 })
  async transfer(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: TransferStoreDto,
  ): Promise<StoreModel> {
    const role = await this.members.transfer(caller, store, body.accountId);
    return this.stores.get({ storeId: store.storeId, role });
  }
}
