import { Field, InputType, Int } from '@nestjs/graphql';
import { ProductInput, ProductPatch, ProductRule } from '../products/product';

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

  @Field({ description: 'Decimal string, e.g. "499.00"; not negative, at most the currency\'s digits.' })
  @ProductRule.price()
  price!: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 4217 code, upper case, e.g. "USD"; left out: the store\'s currencyCode.',
  })
  @ProductRule.currencyCode('patch')
  currencyCode?: string;

  @Field(() => Int)
  @ProductRule.inventory()
  inventory!: number;
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
