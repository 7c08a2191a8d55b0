import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AccountCaller,
  AccountRoute,
  CurrentCaller,
  NoContentRoute,
  StoreIdParam,
  StoreNotFoundResponse,
} from '@app/core';
import { StoreModel } from './dto/store.model';
import { definedFields, UpdateStoreDto } from './dto/update-store.dto';
import { StoresService } from './stores.service';

/** /v1/user/stores/… for account holders. `@me` is a static segment, so the router never takes it for an :id. */
@ApiTags('stores')
@AccountRoute()
@Controller('v1/user/stores')
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @Get('@me')
  @ApiOperation({ summary: 'Every store the caller owns, oldest first.' })
  @ApiOkResponse({ type: [StoreModel] })
  listMine(@CurrentCaller() caller: AccountCaller): Promise<StoreModel[]> {
    return this.stores.listMine(caller);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the caller’s stores.' })
  @StoreIdParam()
  @ApiOkResponse({ type: StoreModel })
  @StoreNotFoundResponse()
  get(@CurrentCaller() caller: AccountCaller, @Param('id') id: string): Promise<StoreModel> {
    return this.stores.get(caller, id);
  }

  @Put(':id')
  @ApiOperation({
    summary:
      'Edit any subset of the store’s fields (validated as in their stage); onboarding progress is unchanged.',
  })
  @StoreIdParam()
  @ApiOkResponse({ type: StoreModel })
  @ApiBadRequestResponse({
    description: '`validation_failed`: a bad value, an unknown field, or null for a required field.',
  })
  @StoreNotFoundResponse()
  update(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') id: string,
    @Body() body: UpdateStoreDto,
  ): Promise<StoreModel> {
    return this.stores.update(caller, id, definedFields(body));
  }

  @Delete(':id')
  @StoreIdParam()
  @NoContentRoute('Delete the store and everything it owns; final — every route answers 404 after.')
  @StoreNotFoundResponse()
  async delete(@CurrentCaller() caller: AccountCaller, @Param('id') id: string): Promise<void> {
    await this.stores.delete(caller, id);
  }
}
