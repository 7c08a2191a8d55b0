/** At most this many images per product (§17), in positions 0 … 19. */
export const MAX_PRODUCT_IMAGES = 20;
/** The longest alt text, in characters. */
export const MAX_ALT_TEXT = 512;

/** The sizes an image can be asked for: the three renditions and the original. */
export const IMAGE_SIZES = ['small', 'medium', 'large', 'original'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/**
 * One image of a product: a media of the product's store in a position from 0. `width` and `height` are
 * the original's as displayed (orientation applied); `urls` has every size (`medium` is what REST and the
 * events call `url`).
 */
export interface ProductImage {
  id: string;
  productId: string;
  mediaId: string;
  altText: string | null;
  position: number;
  width: number;
  height: number;
  urls: Record<ImageSize, string>;
}

/** What an add gives for each image. */
export interface ProductImageInput {
  mediaId: string;
  altText?: string | null;
}

/** What an update may change: `altText` (null clears it) and the position it moves to. */
export interface ProductImagePatch {
  altText?: string | null;
  position?: number;
}
