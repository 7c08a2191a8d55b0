import { Args, Context, ID, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, CART_SCOPE, ScopedCaller } from '@app/core';
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
import { ScopedField, ScopedMutation, ScopedQuery } from './scoped.decorators';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';
import { StorefrontWriteLimit } from './write-limit.service';

/** Every cart write: the cart scope, then what the write plugins add (idempotency, the write limit). */
const WRITE = {
  scope: CART_SCOPE,
  then: 'Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED).',
} as const;

/**
 * Carts and checkout for shoppers (contract §15): a public token with `cart:write` or an app with
 * `orders:write` (CART_SCOPE, declared on every field), on the token's own store — a cart of another
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

  @ScopedQuery(() => CartModel, {
    scope: CART_SCOPE,
    nullable: true,
    description: "A cart of this store; null when unknown, expired or another store's.",
  })
  cart(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string): Promise<Cart | null> {
    return this.carts.get(caller.storeId, id);
  }

  @ScopedMutation(() => CartModel, {
    ...WRITE,
    description: "A new cart, with lines and the buyer's e-mail if given.",
  })
  async cartCreate(
    @Context() ctx: StorefrontContext,
    @Args('input', { type: () => CartInput, nullable: true }) input: CartInput | null,
  ): Promise<Cart> {
    return this.carts.create(await this.cartWrite(ctx), input ?? {});
  }

  @ScopedMutation(() => CartModel, {
    ...WRITE,
    description: "Adds to each product's line (a product already in the cart adds to its line).",
  })
  async cartLinesAdd(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('lines', { type: () => [CartLineInput] }) lines: CartLineInput[],
  ): Promise<Cart> {
    return this.carts.addLines(await this.cartWrite(ctx), cartId, lines);
  }

  @ScopedMutation(() => CartModel, {
    ...WRITE,
    description: "Sets each product's quantity; 0 removes its line.",
  })
  async cartLinesUpdate(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('lines', { type: () => [CartLineInput] }) lines: CartLineInput[],
  ): Promise<Cart> {
    return this.carts.updateLines(await this.cartWrite(ctx), cartId, lines);
  }

  @ScopedMutation(() => CartModel, {
    ...WRITE,
    description: "Removes the variants' lines, and every line of the products (a product id).",
  })
  async cartLinesRemove(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('productIds', { type: () => [ID], nullable: true }) productIds: string[] | null,
    @Args('variantIds', { type: () => [ID], nullable: true }) variantIds: string[] | null,
  ): Promise<Cart> {
    return this.carts.removeLines(await this.cartWrite(ctx), cartId, productIds ?? [], variantIds ?? []);
  }

  @ScopedMutation(() => CartModel, { ...WRITE, description: "Sets the buyer's e-mail (checkout needs one)." })
  async cartBuyerUpdate(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('buyerEmail') buyerEmail: string,
  ): Promise<Cart> {
    return this.carts.setBuyer(await this.cartWrite(ctx), cartId, buyerEmail);
  }

  @ScopedMutation(() => OrderModel, {
    ...WRITE,
    description:
      "Places the order at the catalogue's prices, taking every line's stock in one transaction: OUT_OF_STOCK " +
      '(extensions.productIds) or, when expectedTotal differs, PRICE_CHANGED (extensions.total) change nothing. ' +
      'A completed cart answers its order again.',
  })
  async checkoutComplete(
    @Context() ctx: StorefrontContext,
    @Args('cartId', { type: () => ID }) cartId: string,
    @Args('expectedTotal', { type: () => String, nullable: true }) expectedTotal: string | null,
  ): Promise<Order> {
    return this.carts.checkout(ctx.caller, await this.cartWrite(ctx), cartId, expectedTotal);
  }

  /**
   * What every cart write does first, after the guard checked its declared scope (refused before anything
   * counts): the write limit (RATE_LIMITED past it). Answers the store the write acts in: the token's own.
   */
  private async cartWrite(ctx: StorefrontContext): Promise<string> {
    await this.limit.count(ctx);
    return ctx.caller.storeId;
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
  // cart:write opens carts, never the catalogue: what the product is takes products:read.
  @ScopedField('product', () => ProductModel, { scope: 'products:read' })
  async product(@Parent() line: CartLine, @Context() ctx: StorefrontContext): Promise<Product> {
    const product = await ctx.loaders.product.load(line.productId);
    if (!product) throw StorefrontErrors.productNotFound('The product of this line no longer exists.');
    return product;
  }
}
