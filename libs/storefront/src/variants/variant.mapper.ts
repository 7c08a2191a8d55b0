import type { ProductImage } from '@app/media';
import { money } from '../money/money';
import { toProductImageDto } from '../products/product.mapper';
import type { ProductImageDto } from '../products/product-image.dto';
import { ProductVariant, variantTitle } from './variant';
import type { VariantRow } from './variants.repository';

/** Rows never leave the domain as they are: the variant is built here, field by field. */
export function toVariant(row: VariantRow): ProductVariant {
  return {
    id: row.id,
    productId: row.product_id,
    storeId: row.store_id,
    title: variantTitle(row.selected_options),
    sku: row.sku,
    price: money(row.price_minor, row.currency_code),
    compareAtPrice: row.compare_at_minor === null ? null : money(row.compare_at_minor, row.currency_code),
    inventory: row.inventory,
    available: row.inventory > 0,
    selectedOptions: row.selected_options,
    imageId: row.image_id,
    position: row.position,
  };
}

/**
 * A variant as JSON (REST product objects and their events): GraphQL's `ProductVariant` fields, its image
 * by id and as the product's `images` show it (`images`: the product's, in which it is found; null when the
 * variant has none).
 */
export function toVariantDto(variant: ProductVariant, images: readonly ProductImage[]) {
  const image = variant.imageId === null ? undefined : images.find((i) => i.id === variant.imageId);
  const imageDto: ProductImageDto | null = image ? toProductImageDto(image) : null;
  return {
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    price: { amount: variant.price.amount, currencyCode: variant.price.currencyCode },
    compareAtPrice: variant.compareAtPrice
      ? { amount: variant.compareAtPrice.amount, currencyCode: variant.compareAtPrice.currencyCode }
      : null,
    inventory: variant.inventory,
    available: variant.available,
    selectedOptions: variant.selectedOptions.map((s) => ({ name: s.name, value: s.value })),
    imageId: imageDto ? variant.imageId : null,
    image: imageDto,
    position: variant.position,
  };
}
