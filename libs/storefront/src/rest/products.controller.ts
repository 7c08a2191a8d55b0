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
  AccountCaller,
  CurrentCaller,
  DEFAULT_PAGE_LIMIT,
  NoContentRoute,
  StoreNotFoundResponse,
  StoreOwnerRoute,
} from '@app/core';
import { StoresService } from '@app/stores';
import { LIST_CURSORS } from '../pagination/cursor';
import {
  CreateProductDto,
  ListProductsQueryDto,
  ProductDto,
  ProductPageDto,
  UpdateProductDto,
} from '../products/product.dto';
import { toProductDto } from '../products/product.mapper';
import { ProductsService } from '../products/products.service';
import { afterOf, pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerProductsController');
/**
 * The store's catalogue over REST, for its owner: the store is checked, then ProductsService — the same
 * rules, SQL and events as the GraphQL door, with the account as the actor — and its answer is mapped to
 * JSON. Refusals are the service's own codes (`product_not_found`, `handle_taken`, `validation_failed`).
 */
@ApiTags('catalogue')
@StoreOwnerRoute()
@Controller('v1/user/stores/:id/products')
export class ProductsController {
  constructor(
    private readonly stores: StoresService,
    private readonly products: ProductsService,
  ) {}

  @Get()
  @pinned.operation('list', "The store's products, newest first; `query` searches titles and handles.")
  @ApiOkResponse({ type: ProductPageDto })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: a `limit` outside 1–100, a `query` over 100 characters, a foreign `after`.',
  })
  @StoreNotFoundResponse()
  async list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: ListProductsQueryDto,
  ): Promise<ProductPageDto> {
    const after = afterOf(LIST_CURSORS.products.newest, query.after);
    await this.stores.assertOwned(caller, storeId);
    const page = await this.products.newest(storeId, {
      limit: query.limit ?? DEFAULT_PAGE_LIMIT,
      after,
      query: query.query,
    });
    return { data: page.data.map(toProductDto), nextCursor: page.nextCursor };
  }

  @Post()
  @pinned.operation('create', 'Create a product (event `product.created`).')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a field breaks a rule (see `errors`).' })
  @ApiConflictResponse({ description: '`handle_taken`: another live product of the store has the handle.' })
  @StoreNotFoundResponse()
  async create(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Body() body: CreateProductDto,
  ): Promise<ProductDto> {
    await this.stores.assertOwned(caller, storeId);
    return toProductDto(await this.products.create(caller, storeId, body));
  }

  @Get(':productId')
  @pinned.operation('get', 'One product of the store.')
  @ApiOkResponse({ type: ProductDto })
  @ApiNotFoundResponse({
    description: '`store_not_found` or `product_not_found` (another store’s included).',
  })
  async get(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('productId') productId: string,
  ): Promise<ProductDto> {
    await this.stores.assertOwned(caller, storeId);
    return toProductDto(await this.products.get(storeId, productId));
  }

  @Put(':productId')
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
    @Param('id') storeId: string,
    @Param('productId') productId: string,
    @Body() body: UpdateProductDto,
  ): Promise<ProductDto> {
    await this.stores.assertOwned(caller, storeId);
    return toProductDto(await this.products.update(caller, storeId, productId, body));
  }

  @Delete(':productId')
  @NoContentRoute(
    'Delete the product (event `product.deleted`): gone from the catalogue, its handle free; past orders keep naming it.',
    { operationId: pinned.id('remove') },
  )
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('productId') productId: string,
  ): Promise<void> {
    await this.stores.assertOwned(caller, storeId);
    await this.products.delete(caller, storeId, productId);
  }
}
