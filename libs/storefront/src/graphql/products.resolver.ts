import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, requireScope, ScopedCaller } from '@app/core';
import { LIST_CURSORS } from '../pagination/cursor';
import { Product } from '../products/product';
import { ProductsService } from '../products/products.service';
import { StorefrontErrors } from '../storefront.errors';
import { pageArgs, ProductConnectionArgs } from './connection.args';
import { ProductCreateInput, ProductUpdateInput } from './product.input';
import { ProductConnectionModel, ProductModel } from './product.model';
import { PublicStoreModel } from './public-store.model';
import type { StorefrontContext } from './storefront.context';
import { GqlCaller } from './storefront.context';

/**
 * The catalogue for apps and public tokens. Each field checks the scope its description names first
 * (field resolvers run no guards), then calls ProductsService on the token's own store.
 */
@Accepts('app', 'public')
@Resolver(() => ProductModel)
export class ProductsResolver {
  constructor(private readonly service: ProductsService) {}

  @Query(() => ProductConnectionModel, {
    description: 'The catalogue, oldest first; `query` matches title or handle. Scope: products:read.',
  })
  products(@GqlCaller() caller: ScopedCaller, @Args() { first, after, query }: ProductConnectionArgs) {
    requireScope(caller, 'products:read');
    return this.service.connection(caller.storeId, {
      ...pageArgs(LIST_CURSORS.products.oldest, { first, after }),
      query,
    });
  }

  @Query(() => ProductModel, {
    nullable: true,
    description: 'One product by id or by handle (exactly one of them). Scope: products:read.',
  })
  product(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID, nullable: true }) id: string | null,
    @Args('handle', { type: () => String, nullable: true }) handle: string | null,
  ): Promise<Product | null> {
    requireScope(caller, 'products:read');
    const given = (value: string | null | undefined): value is string =>
      value !== null && value !== undefined;
    if (given(id) === given(handle)) throw StorefrontErrors.badInput('Give exactly one of id and handle.');
    return given(id) ? this.service.byId(caller.storeId, id) : this.service.byHandle(caller.storeId, handle!);
  }

  @Mutation(() => ProductModel, { description: 'Apps only. Scope: products:write.' })
  productCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: ProductCreateInput) {
    requireScope(caller, 'products:write');
    return this.service.create(caller, caller.storeId, input);
  }

  @Mutation(() => ProductModel, { description: 'Apps only. Scope: products:write.' })
  productUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: ProductUpdateInput,
  ) {
    requireScope(caller, 'products:write');
    return this.service.update(caller, caller.storeId, id, input);
  }

  @Mutation(() => ID, { description: 'Apps only. Scope: products:write. Returns the deleted id.' })
  productDelete(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    requireScope(caller, 'products:write');
    return this.service.delete(caller, caller.storeId, id);
  }

  @ResolveField('store', () => PublicStoreModel, { description: 'Scope: store:read.' })
  async store(@Parent() product: Product, @Context() ctx: StorefrontContext): Promise<PublicStoreModel> {
    requireScope(ctx.caller, 'store:read');
    const store = await ctx.loaders.store.load(product.storeId);
    if (!store) throw StorefrontErrors.storeGone();
    return store;
  }
}
