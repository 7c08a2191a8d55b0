import type { OrderLineModel, OrderModel } from '../models/order.model';

type Money = { amount: string; currencyCode: string };

/** An order as JSON outside GraphQL (an event's `data`): the schema's fields, lines naming `productId`. */
export interface OrderView {
  id: string;
  status: string;
  customerEmail: string;
  lines: { productId: string; quantity: number; unitPrice: Money; lineTotal: Money }[];
  total: Money;
  createdAt: string;
}

const money = (m: Money): Money => ({ amount: m.amount, currencyCode: m.currencyCode });

/** Field by field from the models the resolvers answer, so the event shows what the API shows. */
export function toOrderView(order: OrderModel, lines: readonly OrderLineModel[]): OrderView {
  return {
    id: order.id,
    status: order.status,
    customerEmail: order.customerEmail,
    lines: lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: money(line.unitPrice),
      lineTotal: money(line.lineTotal),
    })),
    total: money(order.total),
    createdAt: order.createdAt.toISOString(),
  };
}
