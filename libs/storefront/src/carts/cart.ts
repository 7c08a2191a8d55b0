import type { Money } from '../money/money';
import type { LineTarget } from '../variants/variant-lines';

/** A cart's life: `open` while the shopper fills it, `completed` once checked out (it then never changes). */
export const CART_STATUSES = ['open', 'completed'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** At most this many lines (products) in one cart. */
export const MAX_CART_LINES = 100;
/** A line's quantity is 1–999 (a merged line's too). */
export const MAX_CART_QUANTITY = 999;

/**
 * The currency code of an empty cart's subtotal: ISO 4217's "no currency involved". A cart takes the
 * currency of its first product; before it has one, its subtotal is `{ amount: "0.00", currencyCode: "XXX" }`.
 */
export const NO_CURRENCY = 'XXX';

/**
 * Why a line cannot be checked out now, in the words of the refusal checkout would give: `out_of_stock`
 * (OUT_OF_STOCK; the line still counts in the subtotal, as it is what checkout charges once the stock is
 * back) or `currency_mismatch` (the product moved to another currency: left out of the subtotal).
 */
export const CART_LINE_UNAVAILABLE_REASONS = ['out_of_stock', 'currency_mismatch'] as const;
export type CartLineUnavailableReason = (typeof CART_LINE_UNAVAILABLE_REASONS)[number];

/** One variant in a cart, priced from the catalogue as it is now. */
export interface CartLine {
  productId: string;
  /** (v1.4) The variant of the line (one line per variant). */
  variantId: string;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
  /**
   * Whether the line can be checked out now: the stock covers its quantity, and the product is still in
   * the cart's currency.
   */
  available: boolean;
  /** Null when `available`; otherwise why not. */
  unavailableReason: CartLineUnavailableReason | null;
  /** Whether `lineTotal` is part of the cart's subtotal (every line in the cart's currency is). */
  inSubtotal: boolean;
}

/** A cart as the domain hands it to the GraphQL door (CartModel answers it as it is; `order` resolves). */
export interface Cart {
  id: string;
  status: CartStatus;
  lines: CartLine[];
  /**
   * The sum of the lines in the cart's currency — an out-of-stock line included (checkout refuses the cart
   * rather than leaving the line out), a line in another currency not (`inSubtotal` says which).
   */
  subtotal: Money;
  totalQuantity: number;
  buyerEmail: string | null;
  /** The order its checkout placed (status `completed`), else null. */
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** `updatedAt` + CART_TTL: after it the cart is gone. */
  expiresAt: Date;
}

/** A line as a client sends it: a variant (or a default variant's product) and a quantity (never a price). */
export type CartLineInput = LineTarget;
