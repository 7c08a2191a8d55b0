import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import type { ScopedCaller } from '@app/core';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { CatalogueImagesService } from '../products/catalogue-images.service';
import { ProductsService } from '../products/products.service';
import type { Connection } from '../pagination/page';
import type { ProductVariant } from '../variants/variant';
import { VariantsService } from '../variants/variants.service';
import { pageArgs } from './connection.args';
import { StoreReader } from './store-reader.service';
import type { StorefrontLoaders } from './storefront.context';

/** The key of one product's variants page: the product and the page's arguments. */
export function variantsKey(productId: string, first: number, after: string | null): string {
  return JSON.stringify([productId, first, after]);
}

export interface StoreProductsArgs {
  first: number | null;
  after: string | null;
  query: string | null;
}

@Injectable()
export class LoadersFactory {
  constructor(
    private readonly products: ProductsService,
    private readonly orders: OrdersService,
    private readonly stores: StoreReader,
    private readonly images: CatalogueImagesService,
    private readonly variants: VariantsService,
  ) {}

  /** Bound to the caller's store: a loader can only ever return that store's rows. */
  create(caller: ScopedCaller): StorefrontLoaders {
    return {
      product: new DataLoader(async (ids) => {
        const found = await this.products.byIds(caller.storeId, ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
      orderLines: new DataLoader(async (orderIds) => {
        const found = await this.orders.linesOf(caller.storeId, orderIds);
        return orderIds.map((id) => found.get(id) ?? []);
      }),
      store: new DataLoader(async (ids) =>
        Promise.all(ids.map((id) => (id === caller.storeId ? this.stores.byId(id) : null))),
      ),
      productOptions: new DataLoader(async (ids) => {
        const found = await this.variants.optionsOf(caller.storeId, ids);
        return ids.map((id) => found.get(id) ?? []);
      }),
      // One query per distinct (first, after) among the batch: a page of products asking the same.
      productVariants: new DataLoader(async (keys) => {
        const parsed = keys.map((key) => JSON.parse(key) as [string, number, string | null]);
        const groups = new Map<string, string[]>();
        for (const [productId, first, after] of parsed) {
          const group = JSON.stringify([first, after]);
          groups.set(group, [...(groups.get(group) ?? []), productId]);
        }
        const pages = new Map<string, Connection<ProductVariant>>();
        for (const [group, productIds] of groups) {
          const [first, after] = JSON.parse(group) as [number, string | null];
          const found = await this.variants.pages(caller.storeId, productIds, { first, after });
          for (const [productId, page] of found) pages.set(variantsKey(productId, first, after), page);
        }
        return keys.map((key) => pages.get(key)!);
      }),
      priceRange: new DataLoader(async (ids) => {
        const found = await this.variants.priceRanges(caller.storeId, ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
      variant: new DataLoader(async (ids) => {
        const found = await this.variants.byIds(caller.storeId, ids);
        return ids.map((id) => found.get(id) ?? null);
      }),
      // Keys are distinct within a batch (DataLoader dedupes them), so each distinct page is one query.
      storeProducts: new DataLoader(async (keys) =>
        Promise.all(
          keys.map(async (key) => {
            const args = JSON.parse(key) as StoreProductsArgs;
            return this.products.connection(caller.storeId, {
              ...pageArgs(LIST_CURSORS.products.oldest, args),
              query: args.query,
            });
          }),
        ),
      ),
      productImages: new DataLoader(async (productIds) => {
        const found = await this.images.of(caller.storeId, productIds);
        return productIds.map((id) => found.get(id) ?? []);
      }),
    };
  }
}
