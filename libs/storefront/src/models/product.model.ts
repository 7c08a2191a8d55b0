import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MoneyModel } from './money.model';
import { connectionOf } from './connection.model';

@ObjectType('Product')
export class ProductModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Unique within the store: lowercase letters, digits and single hyphens.' })
  handle!: string;

  @Field()
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => MoneyModel)
  price!: MoneyModel;

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
