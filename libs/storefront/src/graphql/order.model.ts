import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { Money } from '../money/money';
import type { Order, OrderLine, OrderSource, OrderStatus, PaymentStatus } from '../orders/order';
import { MoneyModel } from './money.model';
import { connectionOf } from './connection.model';

/** GraphQL's `OrderLine`: the domain's OrderLine; `product` resolves from `productId`. */
@ObjectType('OrderLine')
export class OrderLineModel implements OrderLine {
  @Field({
    description:
      '(v1.4) As sold: the product\'s title, then " / "-joined option values unless the default variant.',
  })
  title!: string;

  @Field(() => String, { nullable: true, description: "(v1.4) The variant's SKU as sold." })
  sku!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => MoneyModel, { description: 'The catalogue price when the order was placed.' })
  unitPrice!: Money;

  @Field(() => MoneyModel)
  lineTotal!: Money;

  /** Not in the schema: resolve `product` and `variant` through the request's DataLoaders. */
  productId!: string;
  variantId!: string | null;
}

/** GraphQL's `Order`: the domain's Order; `lines` resolves (orders.resolver.ts). */
@ObjectType('Order')
export class OrderModel implements Order {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description: '"open" when placed, then "fulfilled" or "cancelled" (orderFulfil, orderCancel).',
  })
  status!: OrderStatus;

  @Field(() => String, {
    description: '"app" for orderCreate, "checkout" for a cart\'s checkoutComplete (whoever called it).',
  })
  source!: OrderSource;

  @Field()
  customerEmail!: string;

  @Field(() => MoneyModel)
  total!: Money;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  fulfilledAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => String, { nullable: true })
  cancelReason!: string | null;

  @Field(() => String, {
    description:
      '"pending" or "paid" (orderMarkPaid). A checkout order starts "pending" and is cancelled, reason ' +
      '"payment_timeout", if still unpaid after ORDER_HOLD_TTL seconds.',
  })
  paymentStatus!: PaymentStatus;

  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  /** Not a field of the type: the lines when already at hand (orderCreate); else `lines` loads them. */
  lines?: OrderLine[];
}

export const OrderConnectionModel = connectionOf(OrderModel, 'Order');
export type OrderConnectionModel = InstanceType<typeof OrderConnectionModel>;
