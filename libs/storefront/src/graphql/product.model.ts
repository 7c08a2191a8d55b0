import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { Money } from '../money/money';
import type { Product } from '../products/product';
import { MoneyModel } from './money.model';
import { connectionOf } from './connection.model';

/** GraphQL's `Product`: the domain's Product as it is (resolvers answer the domain's objects). */
@ObjectType('Product')
export class ProductModel implements Product {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique within the store: lowercase letters, digits and single hyphens.' })
  handle!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => MoneyModel)
  price!: Money;

  @Field(() => Int, { description: 'Units in stock.' })
  inventory!: number;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  /** Not in the schema: resolves `store`. */
  storeId!: string;
}

export const ProductConnectionModel = connectionOf(ProductModel, 'Product');
export type ProductConnectionModel = InstanceType<typeof ProductConnectionModel>;
