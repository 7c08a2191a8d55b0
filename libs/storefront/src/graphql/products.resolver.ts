import { Args, Context, ID, Parent, Resolver } from '@nestjs/graphql';
import { Accepts, ScopedCaller } from '@app/core';
import { LIST_CURSORS } from '../pagination/cursor';
import { Product } from '../products/product';
import { ProductsService } from '../products/products.service';
import { StorefrontErrors } from '../storefront.errors';
import { pageArgs, ProductConnectionArgs } from './connection.args';
import { ProductCreateInput, ProductUpdateInput } from './product.input';
import { ProductConnectionModel, ProductModel } from './product.model';
import { PublicStoreModel } from './public-store.model';
import { ScopedField, ScopedMutation, ScopedQuery } from './scoped.decorators';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

/**
 * The catalogue for apps and public tokens. Each field declares its scope (checked by the global guard
 * before it runs, and named in its description), then calls ProductsService on the token's own store.
 */
@Accepts('app', 'public')
@Resolver(() => ProductModel)
export class ProductsResolver {
  constructor(private readonly service: ProductsService) {}

  @ScopedQuery(() => ProductConnectionModel, {
    scope: 'products:read',
    description: 'The catalogue, oldest first; `query` matches title or handle.',
  })
  products(@GqlCaller() caller: ScopedCaller, @Args() { first, after, query }: ProductConnectionArgs) {
    return this.service.connection(caller.storeId, {
      ...pageArgs(LIST_CURSORS.products.oldest, { first, after }),
      query,
    });
  }

  @ScopedQuery(() => ProductModel, {
    scope: 'products:read',
    nullable: true,
    description: 'One product by id or by handle (exactly one of them).',
  })
  product(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID, nullable: true }) id: string | null,
    @Args('handle', { type: () => String, nullable: true }) handle: string | null,
  ): Promise<Product | null> {
    const given = (value: string | null | undefined): value is string =>
      value !== null && value !== undefined;
    if (given(id) === given(handle)) throw StorefrontErrors.badInput('Give exactly one of id and handle.');
    return given(id) ? this.service.byId(caller.storeId, id) : this.service.byHandle(caller.storeId, handle!);
  }

  @ScopedMutation(() => ProductModel, { scope: 'products:write' })
  productCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: ProductCreateInput) {
    return this.service.create(caller, caller.storeId, input);
  }

  @ScopedMutation(() => ProductModel, { scope: 'products:write' })
  productUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: ProductUpdateInput,
  ) {
    return this.service.update(caller, caller.storeId, id, input);
  }

  @ScopedMutation(() => ID, { scope: 'products:write', then: 'Returns the deleted id.' })
  productDelete(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.delete(caller, caller.storeId, id);
  }

  @ScopedField('store', () => PublicStoreModel, { scope: 'store:read' })
  async store(@Parent() product: Product, @Context() ctx: StorefrontContext): Promise<PublicStoreModel> {
    const store = await ctx.loaders.store.load(product.storeId);
    if (!store) throw StorefrontErrors.storeGone();
    return store;
  }
}
