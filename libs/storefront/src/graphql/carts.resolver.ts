import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, requireCartScope, requireScope, ScopedCaller } from '@app/core';
import type { Cart, CartLine } from '../carts/cart';
import { CartsService } from '../carts/carts.service';
import type { Order } from '../orders/order';
import { OrdersService } from '../orders/orders.service';
import type { Product } from '../products/product';
import { StorefrontErrors } from '../storefront.errors';
import { CartInput, CartLineInput } from './cart.input';
import { CartLineModel, CartModel } from './cart.model';
import { OrderModel } from './order.model';
import { ProductModel } from './product.model';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';
import { StorefrontWriteLimit } from './write-limit.service';

const SCOPE = 'Scope: cart:write (public tokens) or orders:write (apps).';
const WRITE = `${SCOPE} Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED).`;

/**
 * Carts and checkout for shoppers (contract §15): a public token with `cart:write` or an app with
 * `orders:write` (requireCartScope, first in every field), on the token's own store — a cart of another
 * store is null / NOT_FOUND. Every write counts against the write limit before it runs. A public token
 * reads the order its checkout placed only here: as checkoutComplete's answer and as `Cart.order` (the
 * `order`/`orders` queries stay apps only).
 */
@Accepts('app', 'public')
@Resolver(() => CartModel)
export class CartsResolver {
  constructor(
    private readonly carts: CartsService,
    private readonly orders: OrdersService,
    private readonly limit: StorefrontWriteLimit,
  ) {}

  @Query(() => CartModel, {
    nullable: true,
    description: `A cart of this store; null when unknown, expired or another store's. ${SCOPE}`,
  })
  cart(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string): Promise<Cart | null> {
    requireCartScope(caller);
    return this.carts.get(caller.storeId, id);
  }

  @Mutation(() => CartModel, {
    description: `A new cart, with lines and the buyer's e-mail if given. ${WRITE}`,
  })
  async cartCreate(
    @Context() ctx: StorefrontContext,
    @Args('input', { type: () => CartInput, nullable: true }) input: CartInput | null,
  ): Promise<Cart> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.create(ctx.caller.storeId, input ?? {});
  }

  @Mutation(() => CartModel, {
    description: `Adds to each product's line (a product already in the cart adds to its line). ${WRITE}`,
  })
  async cartLinesAdd(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('lines', { type: () => [CartLineInput] }) lines: CartLineInput[],
  ): Promise<Cart> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.addLines(ctx.caller.storeId, cartId, lines);
  }

  @Mutation(() => CartModel, { description: `Sets each product's quantity; 0 removes its line. ${WRITE}` })
  async cartLinesUpdate(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('lines', { type: () => [CartLineInput] }) lines: CartLineInput[],
  ): Promise<Cart> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.updateLines(ctx.caller.storeId, cartId, lines);
  }

  @Mutation(() => CartModel, {
    description: `Removes the variants' lines, and every line of the products (a product id). ${WRITE}`,
  })
  async cartLinesRemove(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('productIds', { type: () => [ID], nullable: true }) productIds: string[] | null,
    @Args('variantIds', { type: () => [ID], nullable: true }) variantIds: string[] | null,
  ): Promise<Cart> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.removeLines(ctx.caller.storeId, cartId, productIds ?? [], variantIds ?? []);
  }

  @Mutation(() => CartModel, { description: `Sets the buyer's e-mail (checkout needs one). ${WRITE}` })
  async cartBuyerUpdate(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('buyerEmail') buyerEmail: string,
  ): Promise<Cart> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.setBuyer(ctx.caller.storeId, cartId, buyerEmail);
  }

  @Mutation(() => OrderModel, {
    description:
      "Places the order at the catalogue's prices, taking every line's stock in one transaction: OUT_OF_STOCK " +
      '(extensions.productIds) or, when expectedTotal differs, PRICE_CHANGED (extensions.total) change nothing. ' +
      `A completed cart answers its order again. ${WRITE}`,
  })
  async checkoutComplete(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('expectedTotal', { type: () => String, nullable: true }) expectedTotal: string | null,
  ): Promise<Order> {
    requireCartScope(ctx.caller);
    await this.limit.count(ctx);
    return this.carts.checkout(ctx.caller, ctx.caller.storeId, cartId, expectedTotal);
  }

  @ResolveField('order', () => OrderModel, {
    nullable: true,
    description: 'The order its checkout placed (status completed), else null.',
  })
  order(@Parent() cart: Cart, @Context() ctx: StorefrontContext): Promise<Order | null> | null {
    return cart.orderId ? this.orders.byId(ctx.caller.storeId, cart.orderId) : null;
  }
}

@Accepts('app', 'public')
@Resolver(() => CartLineModel)
export class CartLineResolver {
  @ResolveField('product', () => ProductModel, { description: 'Scope: products:read.' })
  async product(@Parent() line: CartLine, @Context() ctx: StorefrontContext): Promise<Product> {
    // cart:write opens carts, never the catalogue: what the product is takes products:read.
    requireScope(ctx.caller, 'products:read');
    const product = await ctx.loaders.product.load(line.productId);
    if (!product) throw StorefrontErrors.productNotFound('The product of this line no longer exists.');
    return product;
  }
}
