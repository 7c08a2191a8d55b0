import { ConnectionArgs } from '../pagination/connection.args';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, requireScope, ScopedCaller } from '@app/core';
import type { StorefrontContext } from '../graphql/storefront.context';
import { GqlCaller } from '../graphql/storefront.context';
import { OrderCreateInput } from '../inputs/order.input';
import { OrderConnectionModel, OrderLineModel, OrderModel } from '../models/order.model';
import { ProductModel } from '../models/product.model';
import { OrdersService } from '../orders/orders.service';
import { StorefrontErrors } from '../storefront.errors';

// Public tokens reach these resolvers only to be told FORBIDDEN in GraphQL form (requireScope).
@Accepts('app', 'public')
@Resolver(() => OrderModel)
export class OrdersResolver {
  constructor(private readonly service: OrdersService) {}

  @Query(() => OrderConnectionModel, { description: 'Orders, oldest first. Apps only. Scope: orders:read.' })
  orders(@GqlCaller() caller: ScopedCaller, @Args() { first, after }: ConnectionArgs) {
    return this.service.list(caller, { first, after });
  }

  @Query(() => OrderModel, { nullable: true, description: 'Apps only. Scope: orders:read.' })
  order(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.find(caller, id);
  }

  @Mutation(() => OrderModel, {
    description:
      'Prices every line from the catalogue and takes the stock in one transaction; OUT_OF_STOCK changes nothing. ' +
      'Apps only. Scope: orders:write.',
  })
  orderCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: OrderCreateInput) {
    return this.service.create(caller, input);
  }

  @ResolveField('lines', () => [OrderLineModel])
  lines(
    @Parent() order: OrderModel,
    @Context() ctx: StorefrontContext,
  ): Promise<OrderLineModel[]> | OrderLineModel[] {
    return order.knownLines ?? ctx.loaders.orderLines.load(order.id);
  }
}

@Accepts('app', 'public')
@Resolver(() => OrderLineModel)
export class OrderLineResolver {
  @ResolveField('product', () => ProductModel, { description: 'Scope: products:read.' })
  async product(@Parent() line: OrderLineModel, @Context() ctx: StorefrontContext): Promise<ProductModel> {
    requireScope(ctx.caller, 'products:read');
    // Through the request's DataLoader: the products of all lines of all orders in one query.
    const product = await ctx.loaders.product.load(line.productId);
    if (!product) throw StorefrontErrors.notFound('The product of this line no longer exists.');
    return product;
  }
}
