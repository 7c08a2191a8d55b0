import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  AccessibleStore,
  CurrentStore,
  DEFAULT_PAGE_LIMIT,
  PageQueryDto,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import { OrderDto, OrderPageDto } from '../orders/order.dto';
import { toOrderDto } from '../orders/order.mapper';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { afterOf, pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerOrdersController');

/** The store's orders over REST, for its members (placed by apps through GraphQL), read-only. */
@ApiTags('orders')
@Controller('v1/user/stores/:id/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @StoreAccess('read')
  @pinned.operation('list', "The store's orders with their lines, newest first.")
  @ApiOkResponse({ type: OrderPageDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a `limit` outside 1–100, a foreign `after`.' })
  @StoreNotFoundResponse()
  async list(@CurrentStore() store: AccessibleStore, @Query() query: PageQueryDto): Promise<OrderPageDto> {
    const after = afterOf(LIST_CURSORS.orders.newest, query.after);
    const page = await this.orders.newest(store.storeId, { limit: query.limit ?? DEFAULT_PAGE_LIMIT, after });
    return { data: page.data.map(toOrderDto), nextCursor: page.nextCursor };
  }

  @Get(':orderId')
  @StoreAccess('read')
  @pinned.operation('get', 'One order of the store, with its lines and total.')
  @ApiOkResponse({ type: OrderDto })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  async get(@CurrentStore() store: AccessibleStore, @Param('orderId') orderId: string): Promise<OrderDto> {
    return toOrderDto(await this.orders.get(store.storeId, orderId));
  }
}
