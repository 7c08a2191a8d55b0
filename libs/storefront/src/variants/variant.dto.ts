import { ApiProperty, ApiPropertyOptional, ApiSchema, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { MoneyDto } from '../money/money.dto';
import { ProductImageDto } from '../products/product-image.dto';
import type { ProductOption, SelectedOption, VariantInput, VariantPatch } from './variant';

/**
 * (v1.4) The REST bodies of options and variants, in and out. Only shapes are checked here; the §18 rules
 * are VariantsService's, as for the GraphQL door (a broken one: 400 `validation_failed` with `reason`).
 */

@ApiSchema({ name: 'ProductOptionDto' })
export class ProductOptionDto implements ProductOption {
  @ApiProperty({ example: 'Size', minLength: 1, maxLength: 255 })
  @IsString()
  name!: string;

  @ApiProperty({ type: [String], example: ['S', 'M', 'L'], description: '1–100 values, unique.' })
  @IsArray()
  @IsString({ each: true })
  values!: string[];
}

@ApiSchema({ name: 'SelectedOptionDto' })
export class SelectedOptionDto implements SelectedOption {
  @ApiProperty({ example: 'Size' })
  @IsString()
  name!: string;

  @ApiProperty({ example: 'M' })
  @IsString()
  value!: string;
}

/** A new variant (POST …/variants, and each of a product's `variants` in POST /products). */
export class CreateVariantDto implements VariantInput {
  @ApiProperty({ type: [SelectedOptionDto], description: 'One value of every option.' })
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SelectedOptionDto)
  selectedOptions!: SelectedOptionDto[];

  @ApiProperty({ example: '499.00', description: "In the product's currency." })
  @IsString()
  price!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  compareAtPrice?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  sku?: string | null;

  @ApiProperty({ minimum: 0 })
  @IsInt()
  inventory!: number;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "One of the product's images (its `images[].id`); another's or none: 400 naming `imageId`.",
  })
  @IsOptional()
  @IsString()
  imageId?: string | null;
}

/** A variant's fields a write may change (PUT …/variants/:variantId): any of a new variant's but its options. */
export class UpdateVariantDto
  extends PartialType(OmitType(CreateVariantDto, ['selectedOptions'] as const))
  implements Omit<VariantPatch, 'id'> {}

@ApiSchema({ name: 'ProductVariantDto' })
export class VariantDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'M / Red', description: '"Default Title" for the default variant.' })
  title!: string;
  @ApiProperty({ type: String, nullable: true }) sku!: string | null;
  @ApiProperty({ type: MoneyDto }) price!: MoneyDto;
  @ApiProperty({ type: MoneyDto, nullable: true }) compareAtPrice!: MoneyDto | null;
  @ApiProperty() inventory!: number;
  @ApiProperty() available!: boolean;
  @ApiProperty({ type: [SelectedOptionDto] }) selectedOptions!: SelectedOptionDto[];
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) imageId!: string | null;
  @ApiProperty({
    type: ProductImageDto,
    nullable: true,
    description: "(v1.4) The image `imageId` names, as the product's `images` show it; null without one.",
  })
  image!: ProductImageDto | null;
  @ApiProperty() position!: number;
}
