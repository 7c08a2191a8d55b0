import { money } from '../money/money';
import { Cart, CartLine, CartStatus, NO_CURRENCY } from './cart';
import type { CartLineRow, CartRow } from './cart.row';

/**
 * A cart from its row and its lines (in cart order, with their products' current prices and stock). The
 * cart's currency is its first line's; a line whose product has since moved to another currency is
 * shown at its own price, unavailable, and left out of the subtotal (checkout refuses it:
 * currency_mismatch); a line the stock no longer covers stays in the subtotal (checkout refuses the cart
 * with OUT_OF_STOCK rather than charging less than the subtotal says).
 */
export function toCart(row: CartRow, lines: CartLineRow[], ttlSeconds: number): Cart {
  const currency = lines[0]?.currency_code ?? NO_CURRENCY;
  let subtotal = 0n;
  let totalQuantity = 0;
  const cartLines: CartLine[] = lines.map((line) => {
    const total = BigInt(line.price_minor) * BigInt(line.quantity);
    const sameCurrency = line.currency_code === currency;
    if (sameCurrency) subtotal += total;
    // In the order of checkout's refusals: OUT_OF_STOCK before currency_mismatch.
    const unavailableReason =
      line.inventory < line.quantity ? 'out_of_stock' : !sameCurrency ? 'currency_mismatch' : null;
    totalQuantity += line.quantity;
    return {
      productId: line.product_id,
      variantId: line.variant_id,
      quantity: line.quantity,
      unitPrice: money(line.price_minor, line.currency_code),
      lineTotal: money(total, line.currency_code),
      available: unavailableReason === null,
      unavailableReason,
      inSubtotal: sameCurrency,
    };
  });
  return {
    id: row.id,
    // The table's check constraint holds it to the domain's values.
    status: row.status as CartStatus,
    lines: cartLines,
    subtotal: money(subtotal, currency),
    totalQuantity,
    buyerEmail: row.buyer_email,
    orderId: row.order_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: new Date(row.updated_at.getTime() + ttlSeconds * 1000),
  };
}
