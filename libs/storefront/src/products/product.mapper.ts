import type { ProductImage } from '@app/media';
import { money } from '../money/money';
import type { Product } from './product';
import type { ProductImageDto } from './product-image.dto';
import type { ProductDto } from './product.dto';
import type { ProductRow } from './product.row';

/** Rows never leave the domain as they are: the product is built here, field by field. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    storeId: row.store_id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    price: money(row.price_minor, row.currency_code),
    inventory: row.inventory,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The product as JSON: what the REST routes answer and what its events carry (so an event shows what the
 * API shows); GraphQL's `Product` has the same fields, `price` as Money, and no `storeId`.
 */
export function toProductDto(product: Product, images: readonly ProductImage[]): ProductDto {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    price: { amount: product.price.amount, currencyCode: product.price.currencyCode },
    inventory: product.inventory,
    images: images.map(toProductImageDto),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product's image as REST and the events show it: the medium rendition. */
export function toProductImageDto(image: ProductImage): ProductImageDto {
  return {
    id: image.id,
    url: image.urls.medium,
    altText: image.altText,
    width: image.width,
    height: image.height,
  };
}
