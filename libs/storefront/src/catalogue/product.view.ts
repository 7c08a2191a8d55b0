import type { ProductModel } from '../models/product.model';

/** A product as JSON outside GraphQL (an event's `data`): the schema's fields, `price` as Money. */
export interface ProductView {
  id: string;
  handle: string;
  title: string;
  description: string | null;
  price: { amount: string; currencyCode: string };
  inventory: number;
  createdAt: string;
  updatedAt: string;
}

/** Field by field from the model the resolvers answer, so the event shows what the API shows. */
export function toProductView(product: ProductModel): ProductView {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: product.description,
    price: { amount: product.price.amount, currencyCode: product.price.currencyCode },
    inventory: product.inventory,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
