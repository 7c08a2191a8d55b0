import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import type { ScopedCaller } from '@app/core';
import { OrdersService } from '../orders/orders.service';
import { LIST_CURSORS } from '../pagination/cursor';
import { CatalogueImagesService } from '../products/catalogue-images.service';
import { ProductsService } from '../products/products.service';
import { pageArgs } from './connection.args';
import { StoreReader } from './store-reader.service';
import type { StorefrontLoaders } from './storefront.context';

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
