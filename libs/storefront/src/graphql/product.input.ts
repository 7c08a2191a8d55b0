import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, ValidateNested } from 'class-validator';
import { ProductInput, ProductPatch, ProductRule } from '../products/product';
import { ProductOptionInput, ProductVariantInput } from './variant.input';

@InputType('ProductCreateInput')
export class ProductCreateInput implements ProductInput {
  @Field()
  @ProductRule.handle()
  handle!: string;

  @Field()
  @ProductRule.title()
  title!: string;

  @Field(() => String, { nullable: true })
  @ProductRule.description()
  description?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Decimal string, e.g. "499.00"; not negative, at most the currency\'s digits. (v1.4) Required without variants.',
  })
  @ProductRule.price('withoutVariants')
  price?: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 4217 code, upper case, e.g. "USD"; left out: the store\'s currencyCode.',
  })
  @ProductRule.currencyCode('patch')
  currencyCode?: string;

  @Field(() => Int, { nullable: true, description: '(v1.4) Required without variants.' })
  @ProductRule.inventory('withoutVariants')
  inventory?: number;

  @Field(() => [ProductOptionInput], { nullable: true, description: '(v1.4) At most 3.' })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProductOptionInput)
  options?: ProductOptionInput[] | null;

  @Field(() => [ProductVariantInput], {
    nullable: true,
    description: '(v1.4) One value of every option each; they replace the default variant.',
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ProductVariantInput)
  variants?: ProductVariantInput[] | null;
}

/** Every field optional; an explicit null is refused except for `description` (null clears it). */
@InputType('ProductUpdateInput')
export class ProductUpdateInput implements ProductPatch {
  @Field(() => String, { nullable: true })
  @ProductRule.handle('patch')
  handle?: string;

  @Field(() => String, { nullable: true })
  @ProductRule.title('patch')
  title?: string;

  @Field(() => String, { nullable: true })
  @ProductRule.description()
  description?: string | null;

  @Field(() => String, { nullable: true })
  @ProductRule.price('patch')
  price?: string;

  @Field(() => String, { nullable: true })
  @ProductRule.currencyCode('patch')
  currencyCode?: string;

  @Field(() => Int, { nullable: true })
  @ProductRule.inventory('patch')
  inventory?: number;
}
