import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CartEntity } from './cart.entity';

/**
 * (v1.4) One variant in a cart: one line per variant (the primary key). Beside `cart_lines` (one line per
 * product, as the previous release writes them) rather than instead of it: a cart's old lines are adopted
 * here on its first change (CartsRepository.adoptLegacyLines). `product_id` is the variant's product, kept
 * on the line so `cartLinesRemove(productIds)` needs no join. No price: the cart shows the catalogue's.
 */
@Entity({ name: 'cart_variant_lines' })
@Check('ck_cart_variant_lines_quantity', '"quantity" BETWEEN 1 AND 999')
@Index('ix_cart_variant_lines_variant', ['variantId'])
export class CartVariantLineEntity {
  @PrimaryColumn({ name: 'cart_id', type: 'uuid', primaryKeyConstraintName: 'PK_cart_variant_lines' })
  cartId!: string;

  @PrimaryColumn({ name: 'variant_id', type: 'uuid', primaryKeyConstraintName: 'PK_cart_variant_lines' })
  variantId!: string;

  @ManyToOne('CartEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_id', foreignKeyConstraintName: 'FK_cart_variant_lines_cart' })
  cart?: CartEntity;

  // A deleted variant leaves the carts it was in.
  @ManyToOne('ProductVariantEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id', foreignKeyConstraintName: 'FK_cart_variant_lines_variant' })
  variant?: object;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  /** The line's place in the cart: lines read back in the order their variants were first added. */
  @Column({ type: 'integer' })
  position!: number;
}
