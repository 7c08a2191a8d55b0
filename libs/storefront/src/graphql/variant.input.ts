import { Field, ID, InputType, Int, OmitType, PartialType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { ProductOption, SelectedOption, VariantInput, VariantPatch } from '../variants/variant';

/**
 * The inputs of options and variants. Only their shapes are checked here; every §18 rule (limits,
 * combinations, amounts in the product's currency, SKUs) is VariantsService's, for both doors.
 */
@InputType('ProductOptionInput')
export class ProductOptionInput implements ProductOption {
  @Field()
  @IsString()
  name!: string;

  @Field(() => [String])
  @IsArray()
  @IsString({ each: true })
  values!: string[];
}

@InputType('SelectedOptionInput')
export class SelectedOptionInput implements SelectedOption {
  @Field()
  @IsString()
  name!: string;

  @Field()
  @IsString()
  value!: string;
}

@InputType('ProductVariantInput')
export class ProductVariantInput implements VariantInput {
  @Field(() => [SelectedOptionInput])
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SelectedOptionInput)
  selectedOptions!: SelectedOptionInput[];

  @Field({ description: 'Decimal string in the product\'s currency, e.g. "499.00".' })
  @IsString()
  price!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  compareAtPrice?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  sku?: string | null;

  @Field(() => Int)
  @IsInt()
  inventory!: number;

  @Field(() => ID, { nullable: true, description: "One of the product's images." })
  @IsOptional()
  @IsString()
  imageId?: string | null;
}

/** A change of one variant: any subset of a new variant's fields but its options; null clears compareAtPrice, sku and imageId. */
@InputType('ProductVariantUpdateInput')
export class ProductVariantUpdateInput
  extends PartialType(OmitType(ProductVariantInput, ['selectedOptions'] as const), InputType)
  implements VariantPatch
{
  @Field(() => ID)
  @IsString()
  id!: string;
}
