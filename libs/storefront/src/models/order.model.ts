import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { MoneyModel } from './money.model';
import { connectionOf } from './connection.model';

@ObjectType('OrderLine')
export class OrderLineModel {
  @Field(() => Int)
  quantity!: number;

  @Field(() => MoneyModel, { description: 'The catalogue price when the order was placed.' })
  unitPrice!: MoneyModel;

  @Field(() => MoneyModel)
  lineTotal!: MoneyModel;

  /** Not in the schema: resolves `product` through the request's DataLoader. */
  productId!: string;
}

@ObjectType('Order')
export class OrderModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: '"open" for every order placed through this API.' })
  status!: string;

  @Field()
  customerEmail!: string;

  @Field(() => MoneyModel)
  total!: MoneyModel;

  @Field()
  createdAt!: Date;

  /** Not in the schema: the lines when already at hand (orderCreate); else `lines` loads them. */
  knownLines?: OrderLineModel[];
}

export const OrderConnectionModel = connectionOf(OrderModel, 'Order');
export type OrderConnectionModel = InstanceType<typeof OrderConnectionModel>;
