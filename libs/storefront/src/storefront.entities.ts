import { CatalogueVersionEntity } from './caching/catalogue-version.entity';
import { CartLineEntity } from './carts/cart-line.entity';
import { CartEntity } from './carts/cart.entity';
import { OrderLineEntity } from './orders/order-line.entity';
import { OrderEntity } from './orders/order.entity';
import { ProductEntity } from './products/product.entity';

export { CartEntity, CartLineEntity, CatalogueVersionEntity, OrderEntity, OrderLineEntity, ProductEntity };

/** The storefront's tables, for the composition root's entity list. */
export const STOREFRONT_ENTITIES = [
  ProductEntity,
  OrderEntity,
  OrderLineEntity,
  CatalogueVersionEntity,
  CartEntity,
  CartLineEntity,
];
