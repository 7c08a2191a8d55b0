import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MoneyModel } from './money.model';
import { PageInfoModel } from './page-info.model';

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

@ObjectType('ProductEdge')
export class ProductEdgeModel {
  @Field()
  cursor!: string;

  @Field(() => ProductModel)
  node!: ProductModel;
}

@ObjectType('ProductConnection')
export class ProductConnectionModel {
  @Field(() => [ProductEdgeModel])
  edges!: ProductEdgeModel[];

  @Field(() => PageInfoModel)
  pageInfo!: PageInfoModel;
}
