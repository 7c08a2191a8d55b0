import type { Money } from '../money/money';

/** One line of an order, priced from the catalogue when the order was placed. */
export interface OrderLine {
  /** The product ordered (it may have been deleted since). */
  productId: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

/**
 * An order as the domain hands it to both doors: GraphQL's `Order` answers it as it is (its lines through
 * a DataLoader when the domain did not read them), the REST door and `order.created` as JSON
 * (order.mapper.ts, toOrderDto).
 */
export interface Order {
  id: string;
  status: string;
  customerEmail: string;
  total: Money;
  createdAt: Date;
  /** The lines, when already at hand (a created order, the REST reads); else GraphQL loads them. */
  lines?: OrderLine[];
}

/** An order with its lines read. */
export type OrderWithLines = Order & { lines: OrderLine[] };

/** What placing an order takes: prices come from the catalogue, never from the caller. */
export interface OrderInput {
  customerEmail: string;
  lines: { productId: string; quantity: number }[];
}

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 10_000;
