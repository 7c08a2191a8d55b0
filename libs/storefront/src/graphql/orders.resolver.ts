import { Args, Context, ID, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import { Order, OrderLine } from '../orders/order';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { Product } from '../products/product';
import { ConnectionArgs, pageArgs } from './connection.args';
import { OrderCreateInput } from './order.input';
import { OrderConnectionModel, OrderLineModel, OrderModel } from './order.model';
import { ProductModel } from './product.model';
import { ScopedField, ScopedMutation, ScopedQuery } from './scoped.decorators';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

// Public tokens reach these resolvers only to be told FORBIDDEN in GraphQL form (their scope, by the guard).
@Accepts('app', 'public')
@Resolver(() => OrderModel)
export class OrdersResolver {
  constructor(private readonly service: OrdersService) {}

  @ScopedQuery(() => OrderConnectionModel, { scope: 'orders:read', description: 'Orders, oldest first.' })
  orders(@GqlCaller() caller: ScopedCaller, @Args() { first, after }: ConnectionArgs) {
    return this.service.connection(caller.storeId, pageArgs(LIST_CURSORS.orders.oldest, { first, after }));
  }

  @ScopedQuery(() => OrderModel, { scope: 'orders:read', nullable: true })
  order(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.byId(caller.storeId, id);
  }

  @ScopedMutation(() => OrderModel, {
    scope: 'orders:write',
    description:
      'Prices every line from the catalogue and takes the stock in one transaction; OUT_OF_STOCK changes nothing.',
  })
  orderCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: OrderCreateInput) {
    return this.service.create(caller, caller.storeId, input);
  }

  @ScopedMutation(() => OrderModel, {
    scope: 'orders:write',
    description:
      'open → fulfilled (event order.fulfilled); any other status is BAD_USER_INPUT, reason order_status_conflict.',
  })
  orderFulfil(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.fulfil(caller, caller.storeId, id);
  }

  @ScopedMutation(() => OrderModel, {
    scope: 'orders:write',
    description:
      "open → cancelled, every line's stock put back (event order.cancelled); any other status is BAD_USER_INPUT, " +
      'reason order_status_conflict.',
  })
  orderCancel(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
  ) {
    return this.service.cancel(caller, caller.storeId, id, reason);
  }

  @ScopedMutation(() => OrderModel, {
    scope: 'orders:write',
    description:
      '(v1.4) pending → paid, with paidAt (event order.paid); a paid order is answered unchanged (no second ' +
      'event); a cancelled one is BAD_USER_INPUT, reason order_status_conflict.',
  })
  orderMarkPaid(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.markPaid(caller, caller.storeId, id);
  }

  @ResolveField('lines', () => [OrderLineModel])
  lines(@Parent() order: Order, @Context() ctx: StorefrontContext): Promise<OrderLine[]> | OrderLine[] {
    return order.lines ?? ctx.loaders.orderLines.load(order.id);
  }
}

@Accepts('app', 'public')
@Resolver(() => OrderLineModel)
export class OrderLineResolver {
  @ScopedField('product', () => ProductModel, {
    scope: 'products:read',
    nullable: true,
    then: '(v1.4) Nullable: null once the product is deleted (the line keeps its own title, sku and unitPrice).',
  })
  async product(@Parent() line: OrderLine, @Context() ctx: StorefrontContext): Promise<Product | null> {
    // Through the request's DataLoader: the products of all lines of all orders in one query.
    return ctx.loaders.product.load(line.productId);
  }
}
