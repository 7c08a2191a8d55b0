import { money, Money } from '../money/money';
import type { Order, OrderLine, OrderSource, OrderStatus, OrderWithLines, PaymentStatus } from './order';
import type { OrderDto } from './order.dto';
import type { LineRow, OrderRow } from './order.row';

/** Rows never leave the domain as they are: the order is built here, field by field. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    // The table's check constraints hold these to the domain's values.
    status: row.status as OrderStatus,
    source: row.source as OrderSource,
    customerEmail: row.customer_email,
    total: money(row.total_minor, row.currency_code),
    createdAt: row.created_at,
    fulfilledAt: row.fulfilled_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    paymentStatus: row.payment_status as PaymentStatus,
    paidAt: row.paid_at,
  };
}

export function toOrderLine(row: Omit<LineRow, 'order_id' | 'position'>): OrderLine {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    title: row.title,
    sku: row.sku,
    quantity: row.quantity,
    unitPrice: money(row.unit_price_minor, row.currency_code),
    lineTotal: money(BigInt(row.unit_price_minor) * BigInt(row.quantity), row.currency_code),
  };
}

const json = (m: Money): Money => ({ amount: m.amount, currencyCode: m.currencyCode });

/**
 * The order as JSON: what the REST routes answer and what the order events carry — the fields of GraphQL's
 * `Order`, each line naming `productId` instead of its product.
 */
export function toOrderDto(order: OrderWithLines): OrderDto {
  return {
    id: order.id,
    status: order.status,
    source: order.source,
    customerEmail: order.customerEmail,
    lines: order.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: json(line.unitPrice),
      lineTotal: json(line.lineTotal),
    })),
    total: json(order.total),
    createdAt: order.createdAt.toISOString(),
    fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    paymentStatus: order.paymentStatus,
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
