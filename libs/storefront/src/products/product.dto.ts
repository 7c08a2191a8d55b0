import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { listPageOf, PageQueryDto } from '@app/core';
import { MoneyDto } from '../money/money.dto';
import { ProductImageDto } from './product-image.dto';
import { CreateVariantDto, ProductOptionDto, VariantDto } from '../variants/variant.dto';
import {
  HANDLE_PATTERN,
  MAX_INVENTORY,
  MAX_QUERY_LENGTH,
  ProductInput,
  ProductPatch,
  ProductRule,
} from './product';

/**
 * A product's REST bodies, in and out. The answer (ProductDto) is also the `data` of the product's events,
 * so it sits with the product rather than in the REST door. The inputs take the rules of product.ts, as the
 * GraphQL inputs do; `price` against its currency is checked by the service both doors call. (The OpenAPI
 * names are the ones the document has always had.)
 */

@ApiSchema({ name: 'OwnerProductDto' })
export class ProductDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'darjeeling-tea' }) handle!: string;
  @ApiProperty({ example: 'Darjeeling tea' }) title!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: MoneyDto }) price!: MoneyDto;
  @ApiProperty({ description: 'Units in stock; never negative.' }) inventory!: number;
  @ApiProperty({ type: [ProductImageDto], description: '(v1.4) In order; the first is the featured image.' })
  images!: ProductImageDto[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  /** (v1.4) In the REST answers (not in the events' `data`). */
  @ApiPropertyOptional({
    type: [ProductOptionDto],
    description: '(v1.4) At most 3; [] for a default-only product.',
  })
  options?: ProductOptionDto[];
  @ApiPropertyOptional({ type: [VariantDto], description: '(v1.4) Every variant, in position order.' })
  variants?: VariantDto[];
}

export const ProductPageDto = listPageOf(ProductDto, 'OwnerProductPageDto');
export type ProductPageDto = InstanceType<typeof ProductPageDto>;

export class CreateProductDto implements ProductInput {
  @ApiProperty({ example: 'darjeeling-tea', maxLength: 100, pattern: HANDLE_PATTERN.source })
  @ProductRule.handle()
  handle!: string;

  @ApiProperty({ example: 'Darjeeling tea', minLength: 1, maxLength: 255 })
  @ProductRule.title()
  title!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @ProductRule.description()
  description?: string | null;

  @ApiPropertyOptional({
    example: '499.00',
    description:
      "A decimal string, not negative, with at most the currency's digits. (v1.4) Required without `variants`.",
  })
  @ProductRule.price('withoutVariants')
  price?: string;

  @ApiPropertyOptional({ example: 'INR', description: "ISO 4217 code, upper case; left out: the store's." })
  @ProductRule.currencyCode('patch')
  currencyCode?: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_INVENTORY,
    description: '(v1.4) Required without `variants`.',
  })
  @ProductRule.inventory('withoutVariants')
  inventory?: number;

  @ApiPropertyOptional({ type: [ProductOptionDto], description: '(v1.4) At most 3.' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProductOptionDto)
  options?: ProductOptionDto[] | null;

  @ApiPropertyOptional({
    type: [CreateVariantDto],
    description: '(v1.4) One value of every option each; they replace the default variant.',
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CreateVariantDto)
  variants?: CreateVariantDto[] | null;
}

/** Any subset; an explicit null is refused except for `description` (null clears it). */
export class UpdateProductDto implements ProductPatch {
  @ApiPropertyOptional({ maxLength: 100, pattern: HANDLE_PATTERN.source })
  @ProductRule.handle('patch')
  handle?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 255 })
  @ProductRule.title('patch')
  title?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @ProductRule.description()
  description?: string | null;

  @ApiPropertyOptional({ description: 'With `currencyCode` when the currency changes.' })
  @ProductRule.price('patch')
  price?: string;

  @ApiPropertyOptional({ description: 'ISO 4217; needs `price` with it.' })
  @ProductRule.currencyCode('patch')
  currencyCode?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_INVENTORY })
  @ProductRule.inventory('patch')
  inventory?: number;

  @ApiPropertyOptional({
    type: [ProductOptionDto],
    description:
      '(v1.4) The options in their stored order: rename options or values, append values (GraphQL productOptionsUpdate).',
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProductOptionDto)
  options?: ProductOptionDto[];
}

export class ListProductsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_QUERY_LENGTH,
    description: 'Matches anywhere in the title or handle, case-insensitively.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH, { message: `query must be at most ${MAX_QUERY_LENGTH} characters` })
  query?: string;
}
