import { cursorTimestampSql } from '../pagination/cursor';

/** An orders row as the storefront's SQL reads it. */
export interface OrderRow {
  id: string;
  status: string;
  source: string;
  customer_email: string;
  total_minor: string;
  currency_code: string;
  created_at: Date;
  fulfilled_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  payment_status: string;
  paid_at: Date | null;
  cursor_ts: string;
}

/** An order_lines row. */
export interface LineRow {
  order_id: string;
  position: number;
  product_id: string;
  variant_id: string | null;
  title: string;
  sku: string | null;
  quantity: number;
  unit_price_minor: string;
  currency_code: string;
}

export const ORDER_COLUMNS = `o.id, o.status, o.source, o.customer_email, o.total_minor, o.currency_code, o.created_at,
  o.fulfilled_at, o.cancelled_at, o.cancel_reason, o.payment_status, o.paid_at, ${cursorTimestampSql('o.created_at')} AS cursor_ts`;
