import type { Money } from '../money/money';
import type { LineTarget } from '../variants/variant-lines';

/** One line of an order, priced from the catalogue when the order was placed. */
export interface OrderLine {
  /** The product ordered (it may have been deleted since). */
  productId: string;
  /** (v1.4) The variant ordered; null for a line placed before variants. */
  variantId: string | null;
  /** (v1.4) As sold: the product's title, then the variant's option values unless it is the default. */
  title: string;
  /** (v1.4) The variant's SKU as sold. */
  sku: string | null;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

/**
 * (v1.3) An order's life: `open` when placed, then `fulfilled` or `cancelled` (which puts every line's
 * stock back), and no move after that (contract §15).
 */
export const ORDER_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * (v1.4) Whether the order has been paid for: an app's `orderCreate` records what it was paid for (`paid`
 * unless it says `pending`); a checkout's order starts `pending` and holds its stock ORDER_HOLD_TTL
 * seconds, then is cancelled (`payment_timeout`) unless it was marked paid. Fulfilling does not need it.
 */
export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The cancel reason of an order whose stock hold ran out unpaid. */
export const PAYMENT_TIMEOUT = 'payment_timeout';

/** Where an order came from: an app's `orderCreate`, or a cart's `checkoutComplete` (whoever called it). */
export const ORDER_SOURCES = ['app', 'checkout'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/**
 * An order as the domain hands it to both doors: GraphQL's `Order` answers it as it is (its lines through
 * a DataLoader when the domain did not read them), the REST door and the order events as JSON
 * (order.mapper.ts, toOrderDto).
 */
export interface Order {
  id: string;
  status: OrderStatus;
  source: OrderSource;
  customerEmail: string;
  total: Money;
  createdAt: Date;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  paymentStatus: PaymentStatus;
  paidAt: Date | null;
  /** The lines, when already at hand (a created order, the REST reads); else GraphQL loads them. */
  lines?: OrderLine[];
}

/** An order with its lines read. */
export type OrderWithLines = Order & { lines: OrderLine[] };

/** What placing an order takes: prices come from the catalogue, never from the caller. */
export interface OrderInput {
  customerEmail: string;
  /** (v1.4) Each a variant, or the product of a default variant (variants/variant-lines.ts). */
  lines: LineTarget[];
  /** (v1.4) `orderCreate` only; left out: `paid`. */
  paymentStatus?: PaymentStatus;
}

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 10_000;
/** The longest cancel reason kept (longer is BAD_USER_INPUT / 400). */
export const MAX_CANCEL_REASON = 500;
