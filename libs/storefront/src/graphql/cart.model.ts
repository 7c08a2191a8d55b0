import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { Cart, CartLine, CartLineUnavailableReason, CartStatus } from '../carts/cart';
import type { Money } from '../money/money';
import { MoneyModel } from './money.model';

/** GraphQL's `CartLine`: the domain's CartLine; `product` resolves from `productId` (carts.resolver.ts). */
@ObjectType('CartLine')
export class CartLineModel implements CartLine {
  @Field(() => Int)
  quantity!: number;

  @Field(() => MoneyModel, { description: "The catalogue's price now." })
  unitPrice!: Money;

  @Field(() => MoneyModel)
  lineTotal!: Money;

  @Field({
    description:
      "Whether the line can be checked out now: the stock covers the quantity and the product is in the cart's currency.",
  })
  available!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Null when the line is available; otherwise why not, as checkout would refuse it: "out_of_stock" (OUT_OF_STOCK; ' +
      'the line still counts in the subtotal) or "currency_mismatch" (the product is now in another currency; ' +
      'not in the subtotal).',
  })
  unavailableReason!: CartLineUnavailableReason | null;

  @Field({
    description:
      "Whether lineTotal counts in the cart's subtotal: every line in the cart's currency does, available or not.",
  })
  inSubtotal!: boolean;

  /** Not in the schema: resolve `product` and (v1.4) `variant` through the request's DataLoaders. */
  productId!: string;
  variantId!: string;
}

/** GraphQL's `Cart`: the domain's Cart; `order` resolves from `orderId`. */
@ObjectType('Cart', {
  description:
    "A shopper's cart (contract §15): prices are always the catalogue's; it expires CART_TTL seconds after its last change.",
})
export class CartModel implements Cart {
  @Field(() => ID, { description: 'Opaque and unguessable (122 random bits).' })
  id!: string;

  @Field(() => String, { description: '"open", or "completed" once checked out (it then never changes).' })
  status!: CartStatus;

  @Field(() => [CartLineModel])
  lines!: CartLine[];

  @Field(() => MoneyModel, {
    description:
      "The sum of the lines in the cart's currency, an out-of-stock line included: what checkout charges once " +
      'every line is available (it refuses the cart, never a line). Lines with inSubtotal false are left out. ' +
      'An empty cart: "0.00" "XXX", no currency.',
  })
  subtotal!: Money;

  @Field(() => Int)
  totalQuantity!: number;

  @Field(() => String, { nullable: true })
  buyerEmail!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field({ description: 'When the cart is gone unless it changes before (reading it does not extend it).' })
  expiresAt!: Date;

  /** Not a field of the type: `order` resolves from it. */
  orderId!: string | null;
}
