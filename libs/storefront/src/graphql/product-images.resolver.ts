import { Args, Context, ID, Int, Parent, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import { MAX_PRODUCT_IMAGES, type ProductImage } from '@app/media';
import { CatalogueImagesService } from '../products/catalogue-images.service';
import type { Product } from '../products/product';
import { ImageModel, ImageSizeEnum, imageSize } from './image.model';
import { ProductImageInput } from './product-image.input';
import { ProductModel } from './product.model';
import { ScopedField, ScopedMutation } from './scoped.decorators';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

/**
 * (v1.4) `Product.images` and `featuredImage`, read through the request's DataLoader (one statement for
 * every product of a page), and the apps' image mutations, which call the same CatalogueImagesService as
 * the members' REST routes.
 */
@Accepts('app', 'public')
@Resolver(() => ProductModel)
export class ProductImagesResolver {
  constructor(private readonly images: CatalogueImagesService) {}

  @ScopedField('images', () => [ImageModel], {
    scope: 'products:read',
    description: `In order, the first being the featured image; at most ${MAX_PRODUCT_IMAGES}.`,
  })
  async productImages(
    @Parent() product: Product,
    @Context() ctx: StorefrontContext,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 10 }) first: number | null,
  ): Promise<ProductImage[]> {
    // A negative `first` is refused with the query's other limits, before any resolver runs.
    return (await ctx.loaders.productImages.load(product.id)).slice(0, Math.max(0, first ?? 10));
  }

  @ScopedField('featuredImage', () => ImageModel, {
    scope: 'products:read',
    nullable: true,
    description: 'The first image, or null without one.',
  })
  async featuredImage(
    @Parent() product: Product,
    @Context() ctx: StorefrontContext,
  ): Promise<ProductImage | null> {
    return (await ctx.loaders.productImages.load(product.id))[0] ?? null;
  }

  @ScopedMutation(() => ProductModel, {
    scope: 'products:write',
    then: `Appends media of this store (purpose product_image) as images, all or none; at most ${MAX_PRODUCT_IMAGES} per product.`,
  })
  productImagesAdd(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('images', { type: () => [ProductImageInput] }) images: ProductImageInput[],
  ): Promise<Product> {
    return this.images.add(
      caller,
      caller.storeId,
      productId,
      images.map((image) => ({ mediaId: image.mediaId, altText: image.altText ?? null })),
    );
  }

  @ScopedMutation(() => ProductModel, {
    scope: 'products:write',
    then: 'Changes the alt text (null clears it) and/or moves the image to `position` (0 … images − 1).',
  })
  productImageUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('imageId', { type: () => ID }) imageId: string,
    @Args('altText', { type: () => String, nullable: true }) altText: string | null | undefined,
    @Args('position', { type: () => Int, nullable: true }) position: number | null | undefined,
  ): Promise<Product> {
    return this.images.update(caller, caller.storeId, productId, imageId, {
      altText,
      ...(position === null || position === undefined ? {} : { position }),
    });
  }

  @ScopedMutation(() => ProductModel, {
    scope: 'products:write',
    then: 'The media stays; the images after it move up.',
  })
  productImageRemove(
    @GqlCaller() caller: ScopedCaller,
    @Args('productId', { type: () => ID }) productId: string,
    @Args('imageId', { type: () => ID }) imageId: string,
  ): Promise<Product> {
    return this.images.remove(caller, caller.storeId, productId, imageId);
  }
}

/** `Image.url(size)`: one of the fixed renditions, or the original. */
@Accepts('app', 'public')
@Resolver(() => ImageModel)
export class ImageResolver {
  @ScopedField('url', () => String, { scope: 'products:read', description: 'Default MEDIUM.' })
  url(
    @Parent() image: ProductImage,
    @Args('size', { type: () => ImageSizeEnum, nullable: true, defaultValue: ImageSizeEnum.MEDIUM })
    size: ImageSizeEnum | null,
  ): string {
    return image.urls[imageSize(size ?? ImageSizeEnum.MEDIUM)];
  }
}
