import { ProductConnectionArgs } from '../pagination/connection.args';
import { Args, Context, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Accepts, requireScope, ScopedCaller } from '@app/core';
import { ProductsService } from '../catalogue/products.service';
import type { StorefrontContext } from '../graphql/storefront.context';
import { GqlCaller } from '../graphql/storefront.context';
import { ProductCreateInput, ProductUpdateInput } from '../inputs/product.input';
import { ProductConnectionModel, ProductModel } from '../models/product.model';
import { PublicStoreModel } from '../models/public-store.model';
import { StorefrontErrors } from '../storefront.errors';

@Accepts('app', 'public')
@Resolver(() => ProductModel)
export class ProductsResolver {
  constructor(private readonly service: ProductsService) {}

  @Query(() => ProductConnectionModel, {
    description: 'The catalogue, oldest first; `query` matches title or handle. Scope: products:read.',
  })
  products(@GqlCaller() caller: ScopedCaller, @Args() { first, after, query }: ProductConnectionArgs) {
    return this.service.list(caller, { first, after, query });
  }

  @Query(() => ProductModel, {
    nullable: true,
    description: 'One product by id or by handle (exactly one of them). Scope: products:read.',
  })
  product(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID, nullable: true }) id: string | null,
    @Args('handle', { type: () => String, nullable: true }) handle: string | null,
  ) {
    return this.service.find(caller, { id, handle });
  }

  @Mutation(() => ProductModel, { description: 'Apps only. Scope: products:write.' })
  productCreate(@GqlCaller() caller: ScopedCaller, @Args('input') input: ProductCreateInput) {
    return this.service.create(caller, input);
  }

  @Mutation(() => ProductModel, { description: 'Apps only. Scope: products:write.' })
  productUpdate(
    @GqlCaller() caller: ScopedCaller,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: ProductUpdateInput,
  ) {
    return this.service.update(caller, id, input);
  }

  @Mutation(() => ID, { description: 'Apps only. Scope: products:write. Returns the deleted id.' })
  productDelete(@GqlCaller() caller: ScopedCaller, @Args('id', { type: () => ID }) id: string) {
    return this.service.delete(caller, id);
  }

  @ResolveField('store', () => PublicStoreModel, { description: 'Scope: store:read.' })
  async store(@Parent() product: ProductModel, @Context() ctx: StorefrontContext): Promise<PublicStoreModel> {
    requireScope(ctx.caller, 'store:read');
    const store = await ctx.loaders.store.load(product.storeId);
    if (!store) throw StorefrontErrors.notFound('The store no longer exists.');
    return store;
  }
}
