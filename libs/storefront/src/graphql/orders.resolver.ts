import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, requireScope, ScopedCaller } from '@app/core';
import { Order, OrderLine } from '../orders/order';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { Product } from '../products/product';
import { ConnectionArgs, pageArgs } from './connection.args';
import { OrderCreateInput } from './order.input';
import { OrderConnectionModel, OrderLineModel, OrderModel } from './order.model';
import { ProductModel } from './product.model';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

// Public tokens reach these resolvers only to be told FORBIDDEN in GraphQL form (requireScope).
@Accepts('app', 'public')
@Resolver(() => OrderModel)
export class OrdersResolver {
  constructor(private readonly service: OrdersService) {}

  @Query(() => OrderConnectionModel, { description: 'Orders, oldest first. Apps only. Scope: orders:read.' })
  orders(@GqlCaller() caller: ScopedCaller, @Args() { first, after }: ConnectionArgs) {
    requireScope(caller, 'orders:read');
    return this.service.connection(caller.storeId, pageArgs(LIST_CURSORS.orders.oldest, { first, after }));
  }

  @Query(() => OrderModel, { nullable: true, description: 'Apps only. Scope: orders:read.' })
  order(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    requireScope(caller, 'orders:read');
    return this.service.byId(caller.storeId, id);
  }

  @Mutation(() => OrderModel, {
    description:
      'Prices every line from the catalogue and takes the stock in one transaction; OUT_OF_STOCK changes nothing. ' +
      'Apps only. Scope: orders:write.',
  })
  orderCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: OrderCreateInput) {
    requireScope(caller, 'orders:write');
    return this.service.create(caller, caller.storeId, input);
  }

  @Mutation(() => OrderModel, {
    description:
      'open → fulfilled (event order.fulfilled); any other status is BAD_USER_INPUT, reason order_status_conflict. ' +
      'Apps only. Scope: orders:write.',
  })
  orderFulfil(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    requireScope(caller, 'orders:write');
    return this.service.fulfil(caller, caller.storeId, id);
  }

  @Mutation(() => OrderModel, {
    description:
      "open → cancelled, every line's stock put back (event order.cancelled); any other status is BAD_USER_INPUT, " +
      'reason order_status_conflict. Apps only. Scope: orders:write.',
  })
  orderCancel(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
  ) {
    requireScope(caller, 'orders:write');
    return this.service.cancel(caller, caller.storeId, id, reason);
  }

  @Mutation(() => OrderModel, {
    description:
      '(v1.4) pending → paid, with paidAt (event order.paid); a paid order is answered unchanged (no second ' +
      'event); a cancelled one is BAD_USER_INPUT, reason order_status_conflict. Apps only. Scope: orders:write.',
  })
  orderMarkPaid(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    requireScope(caller, 'orders:write');
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
  @ResolveField('product', () => ProductModel, {
    nullable: true,
    description:
      'Scope: products:read. (v1.4) Nullable: null when the product row is gone; a product deleted through the API ' +
      'still shows (the line keeps its own title, sku and unitPrice).',
  })
  async product(@Parent() line: OrderLine, @Context() ctx: StorefrontContext): Promise<Product | null> {
    requireScope(ctx.caller, 'products:read');
    // Through the request's DataLoader: the products of all lines of all orders in one query.
    return ctx.loaders.product.load(line.productId);
  }
}
