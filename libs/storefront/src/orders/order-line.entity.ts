import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { OrderEntity } from './order.entity';
import { ProductEntity } from '../products/product.entity';

/** One line of an order, with the unit price taken from the catalogue when the order was placed. */
@Entity({ name: 'order_lines' })
@Check('ck_order_lines_quantity', '"quantity" > 0')
@Index('ix_order_lines_product', ['productId'])
export class OrderLineEntity {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  /** The line's place in the order (0-based), so lines read back in the order they were sent. */
  @PrimaryColumn({ type: 'smallint' })
  position!: number;

  @ManyToOne('OrderEntity', 'lines', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  // Products are only ever soft-deleted by the API; the cascade is for a store's deletion.
  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: ProductEntity;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ name: 'unit_price_minor', type: 'bigint' })
  unitPriceMinor!: string;

  @Column({ name: 'currency_code', type: 'char', length: 3 })
  currencyCode!: string;

  /** (v1.4) The variant sold (no foreign key: the line keeps the id after the variant is deleted). */
  @Column({ name: 'variant_id', type: 'uuid', nullable: true })
  variantId!: string | null;

  /** (v1.4) As sold; null for a line placed before variants (it reads as its product's title). */
  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  sku!: string | null;
}
