import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore, StoreAccess } from '@app/core';
import { CatalogueImagesService } from '../products/catalogue-images.service';
import { AddProductImageDto, UpdateProductImageDto } from '../products/product-image.dto';
import { ProductDto } from '../products/product.dto';
import { VariantsService } from '../variants/variants.service';
import { withVariants } from './product-variants';
import { pinnedOperations } from './rest-door';

const pinned = pinnedOperations('ProductImagesController');
const NOT_FOUND =
  '`store_not_found`, `product_not_found` or `image_not_found` (another product’s image included).';

/**
 * (v1.4) A product's images for the store's members with `commerce`: each change answers the product (with
 * its images) and is a `product.updated` event. The rules — 20 images at most, media of this store with
 * purpose `product_image`, positions from 0 — are the same for apps (GraphQL's productImages* mutations).
 */
@ApiTags('catalogue')
@Controller('v1/user/stores/:id/products/:productId/images')
export class ProductImagesController {
  constructor(
    private readonly images: CatalogueImagesService,
    private readonly variants: VariantsService,
  ) {}

  @Post()
  @StoreAccess('commerce')
  @pinned.operation('add', 'Add an image (a media of the store, purpose `product_image`) after the others.')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: `altText` over 512 characters, or (`reason` `wrong_purpose`) a media that is not a product image.',
  })
  @ApiNotFoundResponse({ description: '`store_not_found`, `product_not_found` or `media_not_found`.' })
  @ApiConflictResponse({ description: '`too_many_images`: the product has 20 images already.' })
  async add(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Body() body: AddProductImageDto,
  ): Promise<ProductDto> {
    const product = await this.images.add(caller, store.storeId, productId, [
      { mediaId: body.mediaId, altText: body.altText ?? null },
    ]);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }

  @Put(':imageId')
  @StoreAccess('commerce')
  @pinned.operation('update', 'Change an image’s alt text (null clears it) or move it to another position.')
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({
    description: '`validation_failed`: `altText` over 512 characters, `position` outside 0 … images − 1.',
  })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async update(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Param('imageId') imageId: string,
    @Body() body: UpdateProductImageDto,
  ): Promise<ProductDto> {
    const product = await this.images.update(caller, store.storeId, productId, imageId, body);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }

  @Delete(':imageId')
  @StoreAccess('commerce')
  @pinned.operation(
    'remove',
    'Remove an image from the product (the media stays); the ones after it move up.',
  )
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Param('imageId') imageId: string,
  ): Promise<ProductDto> {
    const product = await this.images.remove(caller, store.storeId, productId, imageId);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }
}
