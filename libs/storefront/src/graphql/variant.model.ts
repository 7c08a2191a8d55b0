import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { Money } from '../money/money';
import type { PriceRange, ProductOption, ProductVariant, SelectedOption } from '../variants/variant';
import { connectionOf } from './connection.model';
import { MoneyModel } from './money.model';

@ObjectType('ProductOption', {
  description: '(v1.4) An option of a product (Size, Color…) and its values, in order.',
})
export class ProductOptionModel implements ProductOption {
  @Field()
  name!: string;

  @Field(() => [String])
  values!: string[];
}

@ObjectType('SelectedOption')
export class SelectedOptionModel implements SelectedOption {
  @Field()
  name!: string;

  @Field()
  value!: string;
}

@ObjectType('PriceRange', { description: "(v1.4) The lowest and highest of a product's variant prices." })
export class PriceRangeModel implements PriceRange {
  @Field(() => MoneyModel)
  min!: Money;

  @Field(() => MoneyModel)
  max!: Money;
}

/** GraphQL's `ProductVariant`: the domain's ProductVariant; `product` resolves from `productId`. */
@ObjectType('ProductVariant', {
  description: '(v1.4) What a cart line and an order line name: its own price, SKU and stock.',
})
export class ProductVariantModel implements ProductVariant {
  @Field(() => ID)
  id!: string;

  @Field({
    description:
      'Its option values joined by " / " in option order; "Default Title" for the default variant.',
  })
  title!: string;

  @Field(() => String, { nullable: true, description: 'Unique within the store.' })
  sku!: string | null;

  @Field(() => MoneyModel)
  price!: Money;

  @Field(() => MoneyModel, { nullable: true })
  compareAtPrice!: Money | null;

  @Field(() => Int, { description: 'Units in stock.' })
  inventory!: number;

  @Field({ description: 'Whether any unit is in stock.' })
  available!: boolean;

  @Field(() => [SelectedOptionModel], {
    description: 'One value of every option; [] for the default variant.',
  })
  selectedOptions!: SelectedOption[];

  @Field(() => Int)
  position!: number;

  /** Not in the schema: resolve `product` and `image` (variants.resolver.ts). */
  productId!: string;
  storeId!: string;
  imageId!: string | null;
}

export const ProductVariantConnectionModel = connectionOf(ProductVariantModel, 'ProductVariant');
export type ProductVariantConnectionModel = InstanceType<typeof ProductVariantConnectionModel>;
