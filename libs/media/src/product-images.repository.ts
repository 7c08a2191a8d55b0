import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import type { ImageType, MediaPurpose } from './media';

/** A product image with what its URLs and size come from (its media's row). */
export interface ProductImageRow {
  id: string;
  product_id: string;
  media_id: string;
  alt_text: string | null;
  position: number;
  store_id: string;
  purpose: MediaPurpose;
  content_type: ImageType;
  width: number;
  height: number;
}

const IMAGE_COLUMNS = `pi.id, pi.product_id, pi.media_id, pi.alt_text, pi.position,
  m.store_id, m.purpose, m.content_type, m.width, m.height`;

/**
 * The `product_images` table (the media context's: a product image is a use of a media). Every statement
 * is by store; writes run in the caller's transaction, which has locked the product's row first, so the
 * count and the positions a write reads cannot change under it.
 */
@Injectable()
export class ProductImagesRepository {
  constructor(private readonly sql: Sql) {}

  /** The images of these products of the store, by product then position: one statement for a page. */
  of(storeId: string, productIds: readonly string[], tx?: EntityManager): Promise<ProductImageRow[]> {
    return this.sql.rows<ProductImageRow>(
      {
        name: 'product_images_of',
        text: `SELECT ${IMAGE_COLUMNS} FROM product_images pi JOIN media m ON m.id = pi.media_id
                WHERE pi.store_id = $1 AND pi.product_id = ANY($2::uuid[])
                ORDER BY pi.product_id, pi.position, pi.id`,
        values: [storeId, productIds],
      },
      tx,
    );
  }

  /** The purposes of those of `mediaIds` that are media of the store. */
  async purposes(tx: EntityManager, storeId: string, mediaIds: string[]): Promise<Map<string, MediaPurpose>> {
    const rows = await this.sql.rows<{ id: string; purpose: MediaPurpose }>(
      {
        // FOR SHARE: a media deleted while it is being attached waits for this transaction (and then
        // takes the new image with it), instead of the insert failing on the foreign key.
        text: `SELECT id, purpose FROM media WHERE store_id = $1 AND id = ANY($2::uuid[]) FOR SHARE`,
        values: [storeId, mediaIds],
      },
      tx,
    );
    return new Map(rows.map((row) => [row.id, row.purpose]));
  }

  /** Appends the images in order, from position `from`. */
  async insert(
    tx: EntityManager,
    storeId: string,
    productId: string,
    from: number,
    images: { id: string; mediaId: string; altText: string | null }[],
  ): Promise<void> {
    await this.sql.run(
      {
        text: `INSERT INTO product_images (id, store_id, product_id, media_id, alt_text, position)
               SELECT i.id, $1, $2, i.media_id, i.alt_text, $3 + i.n - 1
                 FROM unnest($4::uuid[], $5::uuid[], $6::varchar[]) WITH ORDINALITY AS i(id, media_id, alt_text, n)`,
        values: [
          storeId,
          productId,
          from,
          images.map((i) => i.id),
          images.map((i) => i.mediaId),
          images.map((i) => i.altText),
        ],
      },
      tx,
    );
  }

  async setAltText(
    tx: EntityManager,
    storeId: string,
    imageId: string,
    altText: string | null,
  ): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE product_images SET alt_text = $3 WHERE id = $1 AND store_id = $2`,
        values: [imageId, storeId, altText],
      },
      tx,
    );
  }

  /** Gives the product's images the positions of `orderedIds` (0, 1, …), changing only those that move. */
  async reorder(tx: EntityManager, storeId: string, productId: string, orderedIds: string[]): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE product_images pi SET position = o.n - 1
                 FROM unnest($3::uuid[]) WITH ORDINALITY AS o(id, n)
                WHERE pi.id = o.id AND pi.store_id = $1 AND pi.product_id = $2 AND pi.position <> o.n - 1`,
        values: [storeId, productId, orderedIds],
      },
      tx,
    );
  }

  /** The products (live or deleted) with an image of this media, in id order. */
  async productsUsing(tx: EntityManager, storeId: string, mediaId: string): Promise<string[]> {
    const rows = await this.sql.rows<{ product_id: string }>(
      {
        text: `SELECT DISTINCT product_id FROM product_images WHERE media_id = $1 AND store_id = $2
                ORDER BY product_id`,
        values: [mediaId, storeId],
      },
      tx,
    );
    return rows.map((row) => row.product_id);
  }

  /** Deletes every image of the media: the products that had one, in id order. */
  async deleteOfMedia(tx: EntityManager, storeId: string, mediaId: string): Promise<string[]> {
    const rows = await this.sql.rows<{ product_id: string }>(
      {
        text: `WITH gone AS (DELETE FROM product_images WHERE media_id = $1 AND store_id = $2 RETURNING product_id)
               SELECT DISTINCT product_id FROM gone ORDER BY product_id`,
        values: [mediaId, storeId],
      },
      tx,
    );
    return rows.map((row) => row.product_id);
  }

  async delete(tx: EntityManager, storeId: string, imageId: string): Promise<void> {
    await this.sql.run(
      { text: `DELETE FROM product_images WHERE id = $1 AND store_id = $2`, values: [imageId, storeId] },
      tx,
    );
  }
}
