import { Body, Controller, Delete } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore } from '@app/core';
import { AccountRoute, StepUp, StoreAccess } from '@app/core';
import { ListRoute, NoContentRoute, OkRoute, StoreNotFoundResponse } from '@app/core';
import { StoreListItemModel, StoreModel } from './dto/store.model';
import { definedFields, UpdateStoreDto } from './dto/update-store.dto';
import { StoresService } from './stores.service';

/** /v1/user/stores/… for account holders. `@me` is a static segment, so the router never takes it for an :id. */
@ApiTags('stores')
@Controller('v1/user/stores')
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @ListRoute(
    'Every store the caller is a member of, with its role there, oldest first.',
    StoreListItemModel,
    '@me',
  )
  @AccountRoute()
  listMine(@CurrentCaller() caller: AccountCaller): Promise<StoreListItemModel[]> {
    return this.stores.listMine(caller);
  }

  @OkRoute('GET', ':id', 'One of the caller’s stores, with the caller’s role in it.', StoreModel)
  @StoreAccess('read')
  @StoreNotFoundResponse()
  get(@CurrentStore() store: AccessibleStore): Promise<StoreModel> {
    return this.stores.get(store);
  }

  @OkRoute(
    'PUT',
    ':id',
    'Edit any subset of the store’s fields (validated as in their stage); onboarding progress is unchanged.',
    StoreModel,
  )
  @StoreAccess('edit')
  @StepUp({ bodyKey: 'requireTwoFactor' })
  @ApiBadRequestResponse({
    description: '`validation_failed`: a bad value, an unknown field, or null for a required field.',
  })
  @StoreNotFoundResponse()
  update(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: UpdateStoreDto,
  ): Promise<StoreModel> {
    return this.stores.update(caller, store, definedFields(body));
  }

  @StepUp()
  @Delete(':id')
  @StoreAccess('owner')
  @NoContentRoute(
    'Delete the store and everything it owns (the owner only); final — every route answers 404 after.',
  )
  @StoreNotFoundResponse()
  async delete(@CurrentStore() store: AccessibleStore): Promise<void> {
    await this.stores.delete(store);
  }
}
