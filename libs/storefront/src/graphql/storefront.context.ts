import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import DataLoader from 'dataloader';
import type { FastifyRequest } from 'fastify';
import type { ScopedCaller } from '@app/core';
import type { ProductImage } from '@app/media';
import type { OrderLine } from '../orders/order';
import type { Connection } from '../pagination/page';
import type { Product } from '../products/product';
import type { PriceRange, ProductOption, ProductVariant } from '../variants/variant';
import type { PublicStoreModel } from './public-store.model';

/** Per-request batching: built fresh for every GraphQL request, so nothing is cached across requests or callers. */
export interface StorefrontLoaders {
  product: DataLoader<string, Product | null>;
  orderLines: DataLoader<string, OrderLine[]>;
  store: DataLoader<string, PublicStoreModel | null>;
  /**
   * `Store.products` by its arguments (JSON of first/after/query). Every store a token reaches is its own,
   * so N nested stores asking for the same page share one query instead of running N.
   */
  storeProducts: DataLoader<string, Connection<Product>>;
  /** (v1.4) A product's images by its id: every product of a page in one statement. */
  productImages: DataLoader<string, ProductImage[]>;
  /** (v1.4) A page's products' options, variants pages (key: variantsKey) and price ranges: one query each. */
  productOptions: DataLoader<string, ProductOption[]>;
  productVariants: DataLoader<string, Connection<ProductVariant>>;
  priceRange: DataLoader<string, PriceRange | null>;
  /** (v1.4) Cart and order lines' variants by id (a deleted one: null). */
  variant: DataLoader<string, ProductVariant | null>;
}

/** The GraphQL context: the request, the caller its bearer token resolved to on THIS request, the loaders. */
export interface StorefrontContext {
  req: FastifyRequest;
  caller: ScopedCaller;
  loaders: StorefrontLoaders;
  /** Set by the query-limits plugin, reported in the response's extensions. */
  cost?: number;
}

export const GqlCaller = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): ScopedCaller =>
    GqlExecutionContext.create(ctx).getContext<StorefrontContext>().caller,
);
