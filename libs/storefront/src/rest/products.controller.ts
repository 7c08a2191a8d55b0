import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  DEFAULT_PAGE_LIMIT,
  NoContentRoute,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import { LIST_CURSORS } from '../pagination/cursor';
import type { Product } from '../products/product';
import {
  CreateProductDto,
  ListProductsQueryDto,
  ProductDto,
  ProductPageDto,
  UpdateProductDto,
} from '../products/product.dto';
import { ProductsService } from '../products/products.service';
import { VariantsService } from '../variants/variants.service';
import { withVariants } from './product-variants';
import { afterOf, pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerProductsController');
/**
 * The store's catalogue over REST, for its members: every member reads it, a role with `commerce` changes
 * it (the route's access rule, decided by the guard), then ProductsService — the same rules, SQL and events
 * as the GraphQL door, with the account as the actor — and its answer is mapped to JSON. Refusals are the
 * service's own codes (`product_not_found`, `handle_taken`, `validation_failed`).
 */
@ApiTags('catalogue')
@Controller('v1/user/stores/:id/products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly variants: VariantsService,
  ) {}

  /** (v1.4) Product objects carry their options and variants. */
  private async dto(storeId: string, product: Product): Promise<ProductDto> {
    return (await withVariants(this.variants, storeId, [product]))[0];
  }

  @Get()
  @StoreAccess('read')
  @pinned.operation('list', "The store's products, newest first; `query` searches titles and handles.")
  @ApiOkResponse({ type: ProductPageDto })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: a `limit` outside 1–100, a `query` over 100 characters, a foreign `after`.',
  })
  @StoreNotFoundResponse()
  async list(
    @CurrentStore() store: AccessibleStore,
    @Query() query: ListProductsQueryDto,
  ): Promise<ProductPageDto> {
    const after = afterOf(LIST_CURSORS.products.newest, query.after);
    const page = await this.products.newest(store.storeId, {
      limit: query.limit ?? DEFAULT_PAGE_LIMIT,
      after,
      query: query.query,
    });
    return { data: await withVariants(this.variants, store.storeId, page.data), nextCursor: page.nextCursor };
  }

  @Post()
  @StoreAccess('commerce')
  @pinned.operation('create', 'Create a product (event `product.created`).')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a field breaks a rule (see `errors`).' })
  @ApiConflictResponse({ description: '`handle_taken`: another live product of the store has the handle.' })
  @StoreNotFoundResponse()
  async create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreateProductDto,
  ): Promise<ProductDto> {
    return this.dto(store.storeId, await this.products.create(caller, store.storeId, body));
  }

  @Get(':productId')
  @StoreAccess('read')
  @pinned.operation('get', 'One product of the store.')
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({
    description: '`store_not_found` or `product_not_found` (another store’s included).',
  })
  async get(
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
  ): Promise<ProductDto> {
    return this.dto(store.storeId, await this.products.get(store.storeId, productId));
  }

  @Put(':productId')
  @StoreAccess('commerce')
  @pinned.operation(
    'update',
    'Change any subset of the fields (event `product.updated`); a new currency needs a price.',
  )
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: '`validation_failed`' })
  @ApiConflictResponse({ description: '`handle_taken`' })
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  async update(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Body() body: UpdateProductDto,
  ): Promise<ProductDto> {
    const { options, ...fields } = body;
    let product = await this.products.update(caller, store.storeId, productId, fields);
    // (v1.4) `options`: renamed or extended as productOptionsUpdate does (its own change and event).
    if (options) product = await this.variants.updateOptions(caller, store.storeId, productId, options);
    return this.dto(store.storeId, product);
  }

  @Delete(':productId')
  @StoreAccess('commerce')
  @NoContentRoute(
    'Delete the product (event `product.deleted`): gone from the catalogue, its handle free; past orders keep naming it.',
    { operationId: pinned.id('remove') },
  )
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
  ): Promise<void> {
    await this.products.delete(caller, store.storeId, productId);
  }
}
