import { Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreOwnedRow } from '@app/core';
import { OrderLineEntity } from './order-line.entity';

/** An order placed through the storefront API; its total is computed from catalogue prices at order time. */
@Entity({ name: 'orders' })
// The keyset of `orders(first, after)`.
@Index('ix_orders_store_created', ['storeId', 'createdAt', 'id'])
export class OrderEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: string;

  @Column({ name: 'customer_email', type: 'varchar', length: 254 })
  customerEmail!: string;

  @Column({ name: 'total_minor', type: 'bigint' })
  totalMinor!: string;

  @Column({ name: 'currency_code', type: 'char', length: 3 })
  currencyCode!: string;

  @OneToMany(() => OrderLineEntity, (line) => line.order)
  lines?: OrderLineEntity[];
}
