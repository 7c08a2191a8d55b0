import { ProductConnectionArgs } from '../pagination/connection.args';
import { Args, Context, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import { StoreReader } from '../catalogue/store-reader.service';
import type { StorefrontContext } from '../graphql/storefront.context';
import { GqlCaller } from '../graphql/storefront.context';
import { ProductConnectionModel } from '../models/product.model';
import { PublicStoreModel } from '../models/public-store.model';

@Accepts('app', 'public')
@Resolver(() => PublicStoreModel)
export class StoreResolver {
  constructor(private readonly stores: StoreReader) {}

  @Query(() => PublicStoreModel, { description: "The token's store. Scope: store:read." })
  store(@GqlCaller() caller: ScopedCaller): Promise<PublicStoreModel> {
    return this.stores.get(caller);
  }

  @ResolveField('products', () => ProductConnectionModel, { description: 'Scope: products:read.' })
  storeProducts(@Context() ctx: StorefrontContext, @Args() { first, after, query }: ProductConnectionArgs) {
    // The parent is always the caller's own store (the only store a token can reach), so the page
    // depends only on the arguments: one query per distinct page per request, however many parents.
    return ctx.loaders.storeProducts.load(JSON.stringify({ first, after, query }));
  }
}
