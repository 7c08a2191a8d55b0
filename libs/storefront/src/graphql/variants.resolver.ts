import { Args, Context, ID, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import type { ProductImage } from '@app/media';
import type { CartLine } from '../carts/cart';
import type { OrderLine } from '../orders/order';
import type { Product } from '../products/product';
import { StorefrontErrors } from '../storefront.errors';
import type { PriceRange, ProductOption, ProductVariant } from '../variants/variant';
import { VariantsService } from '../variants/variants.service';
import { CartLineModel } from './cart.model';
import { QUERY_LIMITS } from './apollo/query-limits';
import { DEFAULT_PAGE_SIZE } from './connection.args';
import { ImageModel } from './image.model';
import { variantsKey } from './loaders.factory';
import { OrderLineModel } from './order.model';
import { ProductModel } from './product.model';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';
import { ScopedField, ScopedMutation } from './scoped.decorators';
import { ProductOptionInput, ProductVariantInput, ProductVariantUpdateInput } from './variant.input';
import {
  PriceRangeModel,
  ProductOptionModel,
  ProductVariantConnectionModel,
  ProductVariantModel,
} from './variant.model';

/** The variant writes' access and the end of their descriptions ("Apps only. Scope: products:write." comes from the scope). */
const WRITE = { scope: 'products:write', then: 'Answers the product as it is after the change.' } as const;

/**
 * (v1.4) A product's options and variants: its fields (each through the request's DataLoaders — one
 * query per page of products, whatever the page's size) and the variant mutations, which call
 * VariantsService on the token's own store.
 */
@Accepts('app', 'public')
@Resolver(() => ProductModel)
export class ProductVariantsResolver {
  constructor(private readonly service: VariantsService) {}

  @ResolveField('options', () => [ProductOptionModel], { description: '(v1.4) At most 3, in order.' })
  options(@Parent() product: Product, @Context() ctx: StorefrontContext): Promise<ProductOption[]> {
    return ctx.loaders.productOptions.load(product.id);
  }

  @ResolveField('variants', () => ProductVariantConnectionModel, { description: '(v1.4) In position order.' })
  variants(
    @Parent() product: Product,
    @Context() ctx: StorefrontContext,
    @Args('first', { type: () => Int, nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ) {
    const size = first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 0 || size > QUERY_LIMITS.maxFirst) {
      throw StorefrontErrors.badInput(`first must be between 0 and ${QUERY_LIMITS.maxFirst}.`);
    }
    return ctx.loaders.productVariants.load(variantsKey(product.id, size, after ?? null));
  }

  @ResolveField('hasOnlyDefaultVariant', () => Boolean, {
    description: '(v1.4) True for a product without options: its one variant is "Default Title".',
  })
  async hasOnlyDefaultVariant(
    @Parent() product: Product,
    @Context() ctx: StorefrontContext,
  ): Promise<boolean> {
    return (await ctx.loaders.productOptions.load(product.id)).length === 0;
  }

  @ResolveField('priceRange', () => PriceRangeModel, {
    description: '(v1.4) Lowest and highest variant price.',
  })
  async priceRange(@Parent() product: Product, @Context() ctx: StorefrontContext): Promise<PriceRange> {
    return (await ctx.loaders.priceRange.load(product.id)) ?? { min: product.price, max: product.price };
  }

  @ScopedMutation(() => ProductModel, { ...WRITE, description: '(v1.4) At most 250 per call.' })
  productVariantsCreate(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variants', { type: () => [ProductVariantInput] }) variants: ProductVariantInput[],
  ) {
    return this.service.createVariants(caller, caller.storeId, productId, variants);
  }

  @ScopedMutation(() => ProductModel, { ...WRITE, description: '(v1.4) At most 250 per call.' })
  productVariantsUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variants', { type: () => [ProductVariantUpdateInput] }) variants: ProductVariantUpdateInput[],
  ) {
    return this.service.updateVariants(caller, caller.storeId, productId, variants);
  }

  @ScopedMutation(() => ProductModel, {
    ...WRITE,
    description: '(v1.4) The last variant stays (last_variant).',
  })
  productVariantsDelete(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('variantIds', { type: () => [ID] }) variantIds: string[],
  ) {
    return this.service.deleteVariants(caller, caller.storeId, productId, variantIds);
  }

  @ScopedMutation(() => ProductModel, {
    ...WRITE,
    description: '(v1.4) Rename options or values, add values at the end (in the stored order).',
  })
  productOptionsUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('options', { type: () => [ProductOptionInput] }) options: ProductOptionInput[],
  ) {
    return this.service.updateOptions(caller, caller.storeId, productId, options);
  }
}

@Accepts('app', 'public')
@Resolver(() => ProductVariantModel)
export class ProductVariantResolver {
  @ResolveField('product', () => ProductModel)
  async product(@Parent() variant: ProductVariant, @Context() ctx: StorefrontContext): Promise<Product> {
    const product = await ctx.loaders.product.load(variant.productId);
    if (!product) throw StorefrontErrors.productNotFound('The product of this variant no longer exists.');
    return product;
  }

  /**
   * The variant's image among its product's images, through the same DataLoader as `Product.images`: one
   * statement for every product of a page (the images a page of products shows, whatever the number of
   * variants). The reference is to one of the product's images and is cleared with it (ON DELETE SET NULL),
   * so a removed image, or a deleted media's, reads null.
   */
  @ScopedField('image', () => ImageModel, {
    scope: 'products:read',
    nullable: true,
    description: "(v1.4) One of its product's images, or null.",
  })
  async image(
    @Parent() variant: ProductVariant,
    @Context() ctx: StorefrontContext,
  ): Promise<ProductImage | null> {
    if (variant.imageId === null) return null;
    const images = await ctx.loaders.productImages.load(variant.productId);
    return images.find((image) => image.id === variant.imageId) ?? null;
  }
}

/** (v1.4) `CartLine.variant`: the variant the line names, as the catalogue has it now. */
@Accepts('app', 'public')
@Resolver(() => CartLineModel)
export class CartLineVariantResolver {
  @ResolveField('variant', () => ProductVariantModel, { nullable: true })
  variant(@Parent() line: CartLine, @Context() ctx: StorefrontContext): Promise<ProductVariant | null> {
    return ctx.loaders.variant.load(line.variantId);
  }
}

/** (v1.4) `OrderLine.variant`: null for a line placed before variants, or once the variant is deleted. */
@Accepts('app', 'public')
@Resolver(() => OrderLineModel)
export class OrderLineVariantResolver {
  @ResolveField('variant', () => ProductVariantModel, { nullable: true })
  async variant(
    @Parent() line: OrderLine,
    @Context() ctx: StorefrontContext,
  ): Promise<ProductVariant | null> {
    return line.variantId ? ctx.loaders.variant.load(line.variantId) : null;
  }
}
