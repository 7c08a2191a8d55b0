import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ProductEntity } from '../products/product.entity';
import type { CartEntity } from './cart.entity';

/**
 * One product in a cart: one line per product (the primary key), so adding a product again adds to its
 * line. No price: the cart always shows the catalogue's.
 */
@Entity({ name: 'cart_lines' })
@Check('ck_cart_lines_quantity', '"quantity" BETWEEN 1 AND 999')
@Index('ix_cart_lines_product', ['productId'])
export class CartLineEntity {
  @PrimaryColumn({ name: 'cart_id', type: 'uuid' })
  cartId!: string;

  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne('CartEntity', 'lines', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_id' })
  cart?: CartEntity;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: ProductEntity;

  @Column({ type: 'integer' })
  quantity!: number;

  /** The line's place in the cart: lines read back in the order their products were first added. */
  @Column({ type: 'integer' })
  position!: number;
}
