import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  DEFAULT_PAGE_LIMIT,
  PageQueryDto,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import { CancelOrderDto, OrderDto, OrderPageDto } from '../orders/order.dto';
import { toOrderDto } from '../orders/order.mapper';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { afterOf, pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerOrdersController');

/**
 * The store's orders over REST, for its members (placed by apps and checkouts through GraphQL): every
 * member reads them; a role with `commerce` fulfils and cancels them (the route's access rule, decided by
 * the guard), through OrdersService — the same rules, SQL and events as GraphQL's orderFulfil and
 * orderCancel, with the account as the actor.
 */
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

  @Post(':orderId/fulfil')
  @HttpCode(200)
  @StoreAccess('commerce')
  @pinned.operation('fulfil', 'Mark an open order fulfilled (event `order.fulfilled`).')
  @ApiOkResponse({ type: OrderDto, description: 'The order after the change.' })
  @ApiConflictResponse({
    description: '`order_status_conflict`: the order is not open (`status` says what it is).',
  })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  async fulfil(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('orderId') orderId: string,
  ): Promise<OrderDto> {
    return toOrderDto(await this.orders.fulfil(caller, store.storeId, orderId));
  }

  @Post(':orderId/mark-paid')
  @HttpCode(200)
  @StoreAccess('commerce')
  @pinned.operation(
    'markPaid',
    '(v1.4) Mark a pending order paid (event `order.paid`); a paid one answers unchanged, without a second event.',
  )
  @ApiOkResponse({ type: OrderDto, description: 'The order after the change.' })
  @ApiConflictResponse({ description: '`order_status_conflict`: the order is cancelled.' })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  async markPaid(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('orderId') orderId: string,
  ): Promise<OrderDto> {
    return toOrderDto(await this.orders.markPaid(caller, store.storeId, orderId));
  }

  @Post(':orderId/cancel')
  @HttpCode(200)
  @StoreAccess('commerce')
  @pinned.operation(
    'cancel',
    'Cancel an open order, putting every line’s stock back in the same transaction (event `order.cancelled`).',
  )
  @ApiOkResponse({ type: OrderDto, description: 'The order after the change.' })
  @ApiBadRequestResponse({
    description: '`validation_failed`: a `reason` over 500 characters, an unknown field.',
  })
  @ApiConflictResponse({
    description: '`order_status_conflict`: the order is not open (`status` says what it is).',
  })
  @ApiNotFoundResponse({ description: '`store_not_found` or `order_not_found` (another store’s included).' })
  async cancel(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('orderId') orderId: string,
    @Body() body: CancelOrderDto,
  ): Promise<OrderDto> {
    return toOrderDto(await this.orders.cancel(caller, store.storeId, orderId, body.reason ?? null));
  }
}
