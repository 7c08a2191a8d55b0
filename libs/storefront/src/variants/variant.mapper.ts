import { money } from '../money/money';
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

/** A variant as JSON (REST product objects): GraphQL's `ProductVariant` fields, naming its image by id. */
export function toVariantDto(variant: ProductVariant) {
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
    imageId: variant.imageId,
    position: variant.position,
  };
}
