import { Check, Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreOwnedRow } from '@app/core';
import { OrderLineEntity } from './order-line.entity';

/** An order placed through the storefront API; its total is computed from catalogue prices at order time. */
@Entity({ name: 'orders' })
// The keyset of `orders(first, after)`.
@Index('ix_orders_store_created', ['storeId', 'createdAt', 'id'])
// (v1.3) The lifecycle: the database refuses a status or source the domain does not know.
@Check('ck_orders_status', `"status" IN ('open', 'fulfilled', 'cancelled')`)
@Check('ck_orders_source', `"source" IN ('app', 'checkout')`)
// (v1.4) Paid orders; the hold expiry's scan of pending, still open orders by age.
@Check('ck_orders_payment_status', `"payment_status" IN ('pending', 'paid')`)
@Index('ix_orders_pending_holds', ['createdAt'], {
  where: `"payment_status" = 'pending' AND "status" = 'open'`,
})
export class OrderEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: string;

  /** `app` (orderCreate) or `checkout` (a cart's checkoutComplete). */
  @Column({ type: 'varchar', length: 16, default: 'app' })
  source!: string;

  @Column({ name: 'customer_email', type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ name: 'total_minor', type: 'bigint' })
  totalMinor!: string;

  @Column({ name: 'currency_code', type: 'char', length: 3 })
  currencyCode!: string;

  @Column({ name: 'fulfilled_at', type: 'timestamptz', nullable: true })
  fulfilledAt!: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'cancel_reason', type: 'varchar', length: 500, nullable: true })
  cancelReason!: string | null;

  /** (v1.4) `pending` or `paid`; rows from before v1.4 (and a previous release's inserts) are `paid`. */
  @Column({ name: 'payment_status', type: 'varchar', length: 16, default: 'paid' })
  paymentStatus!: string;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @OneToMany(() => OrderLineEntity, (line) => line.order)
  lines?: OrderLineEntity[];
}
