import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore, StoreAccess } from '@app/core';
import { ProductDto } from '../products/product.dto';
import { CreateVariantDto, UpdateVariantDto } from '../variants/variant.dto';
import { VariantsService } from '../variants/variants.service';
import { withVariants } from './product-variants';
import { pinnedOperations } from './rest-door';

const pinned = pinnedOperations('OwnerProductVariantsController');
const RULE_BROKEN =
  '`validation_failed` with a top-level `reason` when a rule of options and variants is broken ' +
  '(`missing_option_value`, `unknown_option_value`, `duplicate_variant`, `sku_taken`, `too_many_variants`, ' +
  '`last_variant`, `amount_precision`, …).';

/**
 * (v1.4) A product's variants over REST, for the store's members with `commerce`: VariantsService — the
 * same rules, SQL and events (`product.updated`) as GraphQL's productVariantsCreate/Update/Delete — and the
 * product answered as GET /products/:productId answers it.
 */
@ApiTags('catalogue')
@Controller('v1/user/stores/:id/products/:productId/variants')
export class ProductVariantsController {
  constructor(private readonly variants: VariantsService) {}

  @Post()
  @StoreAccess('commerce')
  @pinned.operation('create', 'Add a variant (one value of every option); answers the product.')
  @ApiCreatedResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: RULE_BROKEN })
  @ApiNotFoundResponse({ description: '`store_not_found` or `product_not_found`' })
  async create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Body() body: CreateVariantDto,
  ): Promise<ProductDto> {
    const product = await this.variants.createVariants(caller, store.storeId, productId, [body]);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }

  @Put(':variantId')
  @StoreAccess('commerce')
  @pinned.operation(
    'update',
    "Change a variant's price, compare-at price, SKU, stock or image; answers the product.",
  )
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: RULE_BROKEN })
  @ApiNotFoundResponse({ description: '`store_not_found`, `product_not_found` or `variant_not_found`' })
  async update(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Param('variantId') variantId: string,
    @Body() body: UpdateVariantDto,
  ): Promise<ProductDto> {
    const product = await this.variants.updateVariants(caller, store.storeId, productId, [
      { ...body, id: variantId },
    ]);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }

  @Delete(':variantId')
  @StoreAccess('commerce')
  @pinned.operation('remove', 'Delete a variant (the last one stays: `last_variant`); answers the product.')
  @ApiOkResponse({ type: ProductDto })
  @ApiBadRequestResponse({ description: RULE_BROKEN })
  @ApiNotFoundResponse({ description: '`store_not_found`, `product_not_found` or `variant_not_found`' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('productId') productId: string,
    @Param('variantId') variantId: string,
  ): Promise<ProductDto> {
    const product = await this.variants.deleteVariants(caller, store.storeId, productId, [variantId]);
    return (await withVariants(this.variants, store.storeId, [product]))[0];
  }
}
