import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, UpdateDateColumn } from 'typeorm';
import { StoreOwnedRow } from '@app/core';
import { OrderEntity } from '../orders/order.entity';
import { CartLineEntity } from './cart-line.entity';

/**
 * A shopper's cart (contract §15). Its id is the primary key, a version 4 UUID from `gen_random_uuid()`:
 * 122 bits from PostgreSQL's cryptographic random source, which is what makes it unguessable. It lives
 * `CART_TTL` seconds after `updated_at` (reads do not move it); the purge deletes it a while after.
 * Prices are not kept: a cart shows the catalogue's.
 */
@Entity({ name: 'carts' })
@Check('ck_carts_status', `"status" IN ('open', 'completed')`)
// The purge's scan of carts that outlived CART_TTL.
@Index('ix_carts_updated', ['updatedAt'])
export class CartEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: string;

  @Column({ name: 'buyer_email', type: 'varchar', length: 254, nullable: true })
  buyerEmail!: string | null;

  /** The order a checkout made (status `completed`); an order deleted with its store takes the cart too. */
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @ManyToOne(() => OrderEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => CartLineEntity, (line) => line.cart)
  lines?: CartLineEntity[];
}
