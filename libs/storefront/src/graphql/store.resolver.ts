import { Args, Context, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import { StorefrontErrors } from '../storefront.errors';
import { ProductConnectionArgs } from './connection.args';
import { ProductConnectionModel } from './product.model';
import { PublicStoreModel } from './public-store.model';
import { ScopedField, ScopedQuery } from './scoped.decorators';
import { StoreReader } from './store-reader.service';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

@Accepts('app', 'public')
@Resolver(() => PublicStoreModel)
export class StoreResolver {
  constructor(private readonly stores: StoreReader) {}

  @ScopedQuery(() => PublicStoreModel, { scope: 'store:read', description: "The token's store." })
  async store(@GqlCaller() caller: ScopedCaller): Promise<PublicStoreModel> {
    const store = await this.stores.byId(caller.storeId);
    // The token was live a moment ago; its store was deleted in between.
    if (!store) throw StorefrontErrors.storeGone();
    return store;
  }

  @ScopedField('products', () => ProductConnectionModel, { scope: 'products:read' })
  storeProducts(@Context() ctx: StorefrontContext, @Args() { first, after, query }: ProductConnectionArgs) {
    // The parent is always the caller's own store (the only store a token can reach), so the page
    // depends only on the arguments: one query per distinct page per request, however many parents.
    return ctx.loaders.storeProducts.load(JSON.stringify({ first, after, query }));
  }
}
