import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccountCaller,
  CurrentCaller,
  PageQueryDto,
  StoreNotFoundResponse,
  StoreOwnerRoute,
} from '@app/core';
import { OwnerOrderDto, OwnerOrderPageDto } from './dto/owner-order.dto';
import { OwnerCatalogueService } from './owner-catalogue.service';

/** The store's orders for its owner (placed by apps through the storefront), read-only. */
@ApiTags('orders')
@StoreOwnerRoute()
@Controller('v1/user/stores/:id/orders')
export class OwnerOrdersController {
  constructor(private readonly catalogue: OwnerCatalogueService) {}

  @Get()
  @ApiOperation({ summary: "The store's orders with their lines, newest first." })
  @ApiOkResponse({ type: OwnerOrderPageDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a `limit` outside 1–100, a foreign `after`.' })
  @StoreNotFoundResponse()
  list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: PageQueryDto,
  ): Promise<OwnerOrderPageDto> {
    return this.catalogue.listOrders(caller, storeId, query);
  }

  @Get(':orderId')
  @ApiOperation({ summary: 'One order of the store, with its lines and total.' })
  @ApiOkResponse({ type: OwnerOrderDto })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  get(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('orderId') orderId: string,
  ): Promise<OwnerOrderDto> {
    return this.catalogue.getOrder(caller, storeId, orderId);
  }
}
