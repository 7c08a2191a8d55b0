import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/core';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { MediaErrors } from './media.errors';
import { MediaService } from './media.service';
import {
  type ImageSize,
  MAX_ALT_TEXT,
  MAX_PRODUCT_IMAGES,
  type ProductImage,
  type ProductImageInput,
  type ProductImagePatch,
} from './product-images';
import { ProductImagesRepository, type ProductImageRow } from './product-images.repository';

const altTextTooLong = (field: string) =>
  MediaErrors.badInput(
    [{ field, message: `${field} must be at most ${MAX_ALT_TEXT} characters` }],
    'alt_text_too_long',
  );

/**
 * Product images (§17): which media a product shows, in which order, with which alt text. The catalogue
 * (libs/storefront) calls the writes inside its own transaction, after locking the product's row, and
 * writes the product's `product.updated` there too; this service holds the images' rules.
 */
@Injectable()
export class ProductImagesService {
  constructor(
    private readonly repository: ProductImagesRepository,
    private readonly media: MediaService,
  ) {}

  /** The images of these products of the store, in order (one statement whatever the number). */
  async of(
    storeId: string,
    productIds: readonly string[],
    tx?: EntityManager,
  ): Promise<Map<string, ProductImage[]>> {
    const byProduct = new Map<string, ProductImage[]>(productIds.map((id) => [id, []]));
    if (productIds.length === 0) return byProduct;
    for (const row of await this.repository.of(storeId, productIds, tx)) {
      byProduct.get(row.product_id)?.push(this.toImage(row));
    }
    return byProduct;
  }

  /**
   * Appends the images in the order given. Every media must be one of the store's (else 404
   * `media_not_found`, whichever store it belongs to) with purpose `product_image`; the product may not
   * pass 20 images (`too_many_images`). All or nothing.
   */
  async add(
    tx: EntityManager,
    storeId: string,
    productId: string,
    images: ProductImageInput[],
  ): Promise<void> {
    if (images.length === 0) {
      throw MediaErrors.badInput([{ field: 'images', message: 'images must name at least one media' }]);
    }
    const tooLong = images.findIndex((image) => (image.altText?.length ?? 0) > MAX_ALT_TEXT);
    if (tooLong >= 0) throw altTextTooLong(images.length === 1 ? 'altText' : `images[${tooLong}].altText`);
    const ids = images.map((image) => image.mediaId);
    if (!ids.every((id) => isUuid(id))) throw MediaErrors.notFound();
    const purposes = await this.repository.purposes(tx, storeId, [...new Set(ids)]);
    for (const [i, id] of ids.entries()) {
      const purpose = purposes.get(id);
      if (!purpose) throw MediaErrors.notFound();
      if (purpose !== 'product_image') {
        throw MediaErrors.badInput(
          [
            {
              field: images.length === 1 ? 'mediaId' : `images[${i}].mediaId`,
              message: `mediaId is a ${purpose}, not a product_image`,
            },
          ],
          'wrong_purpose',
        );
      }
    }
    const current = await this.current(tx, storeId, productId);
    if (current.length + images.length > MAX_PRODUCT_IMAGES)
      throw MediaErrors.tooManyImages(MAX_PRODUCT_IMAGES);
    await this.repository.insert(
      tx,
      storeId,
      productId,
      current.length,
      images.map((image) => ({ id: randomUUID(), mediaId: image.mediaId, altText: image.altText ?? null })),
    );
  }

  /**
   * Changes an image's alt text and/or moves it to `position` (0 … count − 1; the others keep their order
   * around it). An image of another product, or none: `image_not_found`.
   */
  async update(
    tx: EntityManager,
    storeId: string,
    productId: string,
    imageId: string,
    patch: ProductImagePatch,
  ): Promise<void> {
    const current = await this.current(tx, storeId, productId);
    const from = isUuid(imageId) ? current.findIndex((row) => row.id === imageId) : -1;
    if (from < 0) throw MediaErrors.imageNotFound();
    if ((patch.altText?.length ?? 0) > MAX_ALT_TEXT) throw altTextTooLong('altText');
    if (patch.altText !== undefined) await this.repository.setAltText(tx, storeId, imageId, patch.altText);
    if (patch.position !== undefined) {
      if (patch.position < 0 || patch.position >= current.length) {
        const message = `position must be between 0 and ${current.length - 1}`;
        throw MediaErrors.badInput([{ field: 'position', message }], 'position_out_of_range');
      }
      const order = current.map((row) => row.id);
      order.splice(from, 1);
      order.splice(patch.position, 0, imageId);
      await this.repository.reorder(tx, storeId, productId, order);
    }
  }

  /** Removes the image; those after it move up one place. */
  async remove(tx: EntityManager, storeId: string, productId: string, imageId: string): Promise<void> {
    const current = await this.current(tx, storeId, productId);
    if (!isUuid(imageId) || !current.some((row) => row.id === imageId)) throw MediaErrors.imageNotFound();
    await this.repository.delete(tx, storeId, imageId);
    await this.repository.reorder(
      tx,
      storeId,
      productId,
      current.filter((row) => row.id !== imageId).map((row) => row.id),
    );
  }

  /**
   * The product's images in order, their positions made 0 … n − 1 again first: a deleted media takes its
   * images away with it (ON DELETE CASCADE) and leaves a gap that the next write closes.
   */
  private async current(tx: EntityManager, storeId: string, productId: string): Promise<ProductImageRow[]> {
    const rows = await this.repository.of(storeId, [productId], tx);
    if (rows.some((row, i) => row.position !== i)) {
      await this.repository.reorder(
        tx,
        storeId,
        productId,
        rows.map((row) => row.id),
      );
    }
    return rows;
  }

  private toImage(row: ProductImageRow): ProductImage {
    const { url, renditions } = this.media.urls({
      id: row.media_id,
      storeId: row.store_id,
      purpose: row.purpose,
      contentType: row.content_type,
    });
    const urls: Record<ImageSize, string> = {
      small: renditions.small ?? url,
      medium: renditions.medium ?? url,
      large: renditions.large ?? url,
      original: url,
    };
    return {
      id: row.id,
      productId: row.product_id,
      mediaId: row.media_id,
      altText: row.alt_text,
      position: row.position,
      width: row.width,
      height: row.height,
      urls,
    };
  }
}
