import { Injectable } from '@nestjs/common';
import { Caller, isUuid } from '@app/core';
import {
  type MediaCatalogue,
  type ProductImage,
  type ProductImageInput,
  type ProductImagePatch,
  ProductImagesService,
} from '@app/media';
import type { EntityManager } from 'typeorm';
import { StorefrontErrors } from '../storefront.errors';
import type { Product } from './product';
import { ProductsRepository } from './products.repository';
import { ProductsService } from './products.service';

/**
 * The catalogue's side of product images (§17), for both doors: each change locks the product's row (by
 * the UPDATE that touches its `updatedAt`), lets the media context's ProductImagesService apply its rules
 * to the images, and writes `product.updated` with the images as they now are — all in one transaction.
 * The lock is what makes two adds racing for the 20th place one after the other: the second counts the
 * first's image and is refused.
 */
@Injectable()
export class CatalogueImagesService implements MediaCatalogue {
  constructor(
    private readonly products: ProductsRepository,
    private readonly catalogue: ProductsService,
    private readonly images: ProductImagesService,
  ) {}

  /** The images of these products of the store, in order: one statement for a page of products. */
  of(storeId: string, productIds: readonly string[]): Promise<Map<string, ProductImage[]>> {
    return this.images.of(storeId, productIds);
  }

  add(caller: Caller, storeId: string, productId: string, images: ProductImageInput[]): Promise<Product> {
    return this.change(caller, storeId, productId, (tx) => this.images.add(tx, storeId, productId, images));
  }

  update(
    caller: Caller,
    storeId: string,
    productId: string,
    imageId: string,
    patch: ProductImagePatch,
  ): Promise<Product> {
    return this.change(caller, storeId, productId, (tx) =>
      this.images.update(tx, storeId, productId, imageId, patch),
    );
  }

  remove(caller: Caller, storeId: string, productId: string, imageId: string): Promise<Product> {
    return this.change(caller, storeId, productId, (tx) =>
      this.images.remove(tx, storeId, productId, imageId),
    );
  }

  /** (MediaCatalogue) Before a media's deletion: its products, locked in id order. */
  lockProducts(tx: EntityManager, storeId: string, productIds: string[], wait: boolean): Promise<string[]> {
    return this.products.lock(tx, storeId, productIds, wait);
  }

  /**
   * (MediaCatalogue) A deleted media took images from these products, locked by lockProducts: each live
   * one gets a new `updatedAt` and its `product.updated`, images as they are now, in the deletion's
   * transaction.
   */
  async imagesRemoved(
    tx: EntityManager,
    caller: Caller,
    storeId: string,
    productIds: string[],
  ): Promise<void> {
    for (const productId of productIds) {
      const row = await this.products.update(tx, storeId, productId, {});
      if (row) await this.catalogue.recorded(tx, caller, storeId, 'product.updated', row);
    }
  }

  private async change(
    caller: Caller,
    storeId: string,
    productId: string,
    work: (tx: EntityManager) => Promise<void>,
  ): Promise<Product> {
    if (!isUuid(productId)) throw StorefrontErrors.productNotFound();
    return this.products.transaction(async (tx) => {
      const row = await this.products.update(tx, storeId, productId, {});
      if (!row) throw StorefrontErrors.productNotFound();
      await work(tx);
      return this.catalogue.recorded(tx, caller, storeId, 'product.updated', row);
    });
  }
}
