import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccountCaller,
  CurrentCaller,
  NoContentRoute,
  StoreNotFoundResponse,
  StoreOwnerRoute,
} from '@app/core';
import {
  CreateProductDto,
  ListProductsQueryDto,
  OwnerProductDto,
  OwnerProductPageDto,
  UpdateProductDto,
} from './dto/owner-product.dto';
import { OwnerCatalogueService } from './owner-catalogue.service';

/** The store's catalogue for its owner: the storefront's rules and events, an `account` actor. */
@ApiTags('catalogue')
@StoreOwnerRoute()
@Controller('v1/user/stores/:id/products')
export class OwnerProductsController {
  constructor(private readonly catalogue: OwnerCatalogueService) {}

  @Get()
  @ApiOperation({ summary: "The store's products, newest first; `query` searches titles and handles." })
  @ApiOkResponse({ type: OwnerProductPageDto })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: a `limit` outside 1–100, a `query` over 100 characters, a foreign `after`.',
  })
  @StoreNotFoundResponse()
  list(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Query() query: ListProductsQueryDto,
  ): Promise<OwnerProductPageDto> {
    return this.catalogue.listProducts(caller, storeId, query);
  }

  @Post()
  @ApiOperation({ summary: 'Create a product (event `product.created`).' })
  @ApiCreatedResponse({ type: OwnerProductDto })
  @ApiBadRequestResponse({ description: '`validation_failed`: a field breaks a rule (see `errors`).' })
  @ApiConflictResponse({ description: '`handle_taken`: another live product of the store has the handle.' })
  @StoreNotFoundResponse()
  create(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Body() body: CreateProductDto,
  ): Promise<OwnerProductDto> {
    return this.catalogue.createProduct(caller, storeId, body);
  }

  @Get(':productId')
  @ApiOperation({ summary: 'One product of the store.' })
  @ApiOkResponse({ type: OwnerProductDto })
  @ApiNotFoundResponse({
    description: '`store_not_found` or `product_not_found` (another store’s included).',
  })
  get(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('productId') productId: string,
  ): Promise<OwnerProductDto> {
    return this.catalogue.getProduct(caller, storeId, productId);
  }

  @Put(':productId')
  @ApiOperation({
    summary: 'Change any subset of the fields (event `product.updated`); a new currency needs a price.',
  })
  @ApiOkResponse({ type: OwnerProductDto })
  @ApiBadRequestResponse({ description: '`validation_failed`' })
  @ApiConflictResponse({ description: '`handle_taken`' })
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  update(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('productId') productId: string,
    @Body() body: UpdateProductDto,
  ): Promise<OwnerProductDto> {
    return this.catalogue.updateProduct(caller, storeId, productId, body);
  }

  @Delete(':productId')
  @NoContentRoute(
    'Delete the product (event `product.deleted`): gone from the catalogue, its handle free; past orders keep naming it.',
  )
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @Param('id') storeId: string,
    @Param('productId') productId: string,
  ): Promise<void> {
    await this.catalogue.deleteProduct(caller, storeId, productId);
  }
}
