import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  AccountCaller,
  CurrentCaller,
  DEFAULT_PAGE_LIMIT,
  PageQueryDto,
  StoreNotFoundResponse,
  StoreOwnerRoute,
} from '@app/core';
import { StoresService } from '@app/stores';
import { OrderDto, OrderPageDto } from '../orders/order.dto';
import { toOrderDto } from '../orders/order.mapper';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { afterOf, pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerOrdersController');

/** The store's orders over REST, for its owner (placed by apps through GraphQL), read-only. */
@ApiTags('orders')
@StoreOwnerRoute()
@Controller('v1/user/stores/:id/orders')
export class OrdersController {
  constructor(
    private readonly stores: StoresService,
    private readonly orders: OrdersService,
  ) {}

  @Get()
  @pinned.operation('list', "The store's orders with their lines, newest first.")
  @ApiOkResponse({ type: OrderPageDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a `limit` outside 1–100, a foreign `after`.' })
  @StoreNotFoundResponse()
  async list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: PageQueryDto,
  ): Promise<OrderPageDto> {
    const after = afterOf(LIST_CURSORS.orders.newest, query.after);
    await this.stores.assertOwned(caller, storeId);
    const page = await this.orders.newest(storeId, { limit: query.limit ?? DEFAULT_PAGE_LIMIT, after });
    return { data: page.data.map(toOrderDto), nextCursor: page.nextCursor };
  }

  @Get(':orderId')
  @pinned.operation('get', 'One order of the store, with its lines and total.')
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  async get(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('orderId') orderId: string,
  ): Promise<OrderDto> {
    await this.stores.assertOwned(caller, storeId);
    return toOrderDto(await this.orders.get(storeId, orderId));
  }
}
