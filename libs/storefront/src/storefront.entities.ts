import { CatalogueVersionEntity } from './caching/catalogue-version.entity';
import { CartLineEntity } from './carts/cart-line.entity';
import { CartVariantLineEntity } from './carts/cart-variant-line.entity';
import { CartEntity } from './carts/cart.entity';
import { OrderLineEntity } from './orders/order-line.entity';
import { OrderEntity } from './orders/order.entity';
import { ProductOptionValueEntity } from './products/product-option-value.entity';
import { ProductOptionEntity } from './products/product-option.entity';
import { ProductVariantEntity } from './products/product-variant.entity';
import { ProductEntity } from './products/product.entity';

export {
  CartEntity,
  CartLineEntity,
  CartVariantLineEntity,
  CatalogueVersionEntity,
  OrderEntity,
  OrderLineEntity,
  ProductEntity,
  ProductOptionEntity,
  ProductOptionValueEntity,
  ProductVariantEntity,
};

/** The storefront's tables, for the composition root's entity list. */
export const STOREFRONT_ENTITIES = [
  ProductEntity,
  ProductOptionEntity,
  ProductOptionValueEntity,
  ProductVariantEntity,
  OrderEntity,
  OrderLineEntity,
  CatalogueVersionEntity,
  CartEntity,
  CartLineEntity,
  CartVariantLineEntity,
];
