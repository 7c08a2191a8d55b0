import { FieldError, errorFactory } from '@app/core';
import type { Money } from './money/money';

/**
 * The codes the storefront's domain may throw, each one in the error table of libs/core, which says how
 * each transport renders it: `product_not_found` / `order_not_found` / `cart_not_found` / `store_not_found`
 * are a 404 with that code over REST and NOT_FOUND in GraphQL; `handle_taken` a 409 over REST and
 * BAD_USER_INPUT in GraphQL; `validation_failed` a 400 and BAD_USER_INPUT; `out_of_stock` a 409 and
 * OUT_OF_STOCK; (v1.3) `price_changed` PRICE_CHANGED, `cart_completed` CART_COMPLETED, and
 * `order_status_conflict` a 409 over REST and BAD_USER_INPUT with `extensions.reason` in GraphQL. A door
 * never renames them: one refusal has one name. (Scope refusals, `forbidden`, come from the GraphQL door's
 * declared scopes (requireScope, run by the access guard); `rate_limited` from its write limit.)
 */
export const STOREFRONT_ERROR_CODES = [
  'validation_failed',
  'product_not_found',
  'order_not_found',
  'cart_not_found',
  'store_not_found',
  'handle_taken',
  'out_of_stock',
  'price_changed',
  'cart_completed',
  'order_status_conflict',
  'variant_not_found',
] as const;
const storefrontError = errorFactory(STOREFRONT_ERROR_CODES);

export const StorefrontErrors = {
  /**
   * `reason` (v1.4): the rule broken, when a client can act on it (`amount_precision`, …) — GraphQL's
   * `extensions.reason`, a top-level member of the REST problem.
   */
  badInput: (detail: string, errors?: FieldError[], reason?: string) =>
    storefrontError('validation_failed', detail, { errors, ...(reason ? { extensions: { reason } } : {}) }),
  /** Unknown, malformed, deleted or another store's: one answer. */
  productNotFound: (detail = 'No such product in this store.') =>
    storefrontError('product_not_found', detail),
  /** (v1.4) Unknown, malformed or another product's variant: one answer. */
  variantNotFound: (detail = 'No such variant of this product.') =>
    storefrontError('variant_not_found', detail),
  orderNotFound: () => storefrontError('order_not_found', 'No such order in this store.'),
  /** Unknown, malformed, expired or another store's: one answer. */
  cartNotFound: () => storefrontError('cart_not_found', 'No such cart in this store (or it has expired).'),
  storeGone: () => storefrontError('store_not_found', 'The store no longer exists.'),
  handleTaken: () =>
    storefrontError('handle_taken', 'Another product of this store already has this handle.', {
      errors: [{ field: 'handle', message: 'handle is already taken in this store' }],
    }),
  /**
   * `productIds`: every product that cannot be served (`productId`, the first of them, as before v1.3);
   * (v1.4) `variantIds`: every such variant.
   */
  outOfStock: (productIds: string[], variantIds: string[] = []) =>
    storefrontError(
      'out_of_stock',
      'A line asks for more than the product has in stock (or the product is gone); nothing was ordered.',
      { extensions: { productId: productIds[0], productIds, ...(variantIds.length ? { variantIds } : {}) } },
    ),
  /** A cart's (or an order's) lines must share one currency. */
  currencyMismatch: (detail = 'All products of one cart or order must be priced in the same currency.') =>
    storefrontError('validation_failed', detail, { extensions: { reason: 'currency_mismatch' } }),
  priceChanged: (total: Money) =>
    storefrontError(
      'price_changed',
      `The total is now ${total.amount} ${total.currencyCode}, not the expected one; nothing was ordered.`,
      { extensions: { total: { amount: total.amount, currencyCode: total.currencyCode } } },
    ),
  cartCompleted: () =>
    storefrontError('cart_completed', 'This cart has been checked out; it cannot change any more.'),
  orderStatusConflict: (status: string, to: 'fulfilled' | 'cancelled' | 'paid') =>
    storefrontError(
      'order_status_conflict',
      to === 'paid'
        ? `The order is ${status}; a cancelled order cannot be marked paid.`
        : `The order is ${status}; only an open order can be ${to}.`,
      {
        extensions: { reason: 'order_status_conflict', orderStatus: status },
      },
    ),
};
