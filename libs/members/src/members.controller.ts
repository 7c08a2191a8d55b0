import { Body, Controller, Delete, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore } from '@app/core';
import { StepUp, StoreAccess } from '@app/core';
import { ListRoute, NoContentRoute, NotFoundResponse, OkRoute, StoreNotFoundResponse } from '@app/core';
import { StoreModel, StoresService } from '@app/stores';
import { MemberDto, StoreTransferDto, TransferStoreDto, UpdateMemberDto } from './dto/member.dto';
import { MembersService } from './members.service';

/** A route on one member of the store: a 404 when either is not there for the caller. */
const OneMember = () =>
  NotFoundResponse('`store_not_found`, or `member_not_found`: the account is not a member of the store.');
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

  @ListRoute("The store's members with their roles, the owner first.", MemberDto, 'members')
  @StoreAccess('read')
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore): Promise<MemberDto[]> {
    return this.members.list(store);
  }

  @OkRoute(
    'PUT',
    'members/:accountId',
    "Change a member's role (the owner: to any member role; an admin: developers and staff only). Takes effect on the member's very next request.",
    MemberDto,
  )
  @StoreAccess('members')
  @AccountIdParam()
  @ApiBadRequestResponse({ description: '`validation_failed`: a role other than admin, developer, staff.' })
  @OneMember()
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
  @OneMember()
  @ApiConflictResponse({ description: OWNER_409 })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('accountId') accountId: string,
  ): Promise<void> {
    await this.members.remove(caller, store, accountId);
  }

  @StepUp()
  @OkRoute(
    'POST',
    'transfer',
    'Transfer the ownership to another member (the owner only): it becomes the owner and the caller an admin, in one transaction. Answers the store, with the caller’s new role.',
    StoreModel,
  )
  @StoreAccess('owner')
  @ApiBadRequestResponse({ description: '`validation_failed`: `accountId` is not a UUID.' })
  @OneMember()
  async transfer(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: TransferStoreDto,
  ): Promise<StoreModel> {
    const role = await this.members.transfer(caller, store, body.accountId);
    return this.stores.get({ storeId: store.storeId, role });
  }
}
