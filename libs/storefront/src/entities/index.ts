import { OrderLineEntity } from './order-line.entity';
import { OrderEntity } from './order.entity';
import { ProductEntity } from './product.entity';

export { OrderEntity, OrderLineEntity, ProductEntity };

/** The storefront's tables, for the composition root's entity list. */
export const STOREFRONT_ENTITIES = [ProductEntity, OrderEntity, OrderLineEntity];
