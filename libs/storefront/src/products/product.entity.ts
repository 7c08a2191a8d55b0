import { Check, Column, Entity, Index, UpdateDateColumn } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * A product of one store's catalogue. Money is integer minor units (`price_minor`, read as a string
 * because bigint exceeds a JS number) with its ISO 4217 code. Deleting a product through the API only
 * marks it (`deleted_at`): order lines keep pointing at it (their `productId`, in REST and events), while
 * the catalogue, `product(…)`, `OrderLine.product` (null since v1.4: the line keeps its own title, SKU and
 * price) and new orders no longer see it, and its handle is free again.
 */
@Entity({ name: 'products' })
// The database refuses what the API refuses, so no code path can store negative stock or prices.
@Check('ck_products_inventory', '"inventory" >= 0')
@Check('ck_products_price', '"price_minor" >= 0')
// Handles are unique among a store's live products.
@Index('uq_products_store_handle', ['storeId', 'handle'], { unique: true, where: '"deleted_at" IS NULL' })
// The keyset of `products(first, after)`: one index seek per page, whatever the catalogue's size.
@Index('ix_products_store_created', ['storeId', 'createdAt', 'id'], { where: '"deleted_at" IS NULL' })
export class ProductEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 100 })
  handle!: string;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'varchar', length: 5000, nullable: true })
  description!: string | null;

  @Column({ name: 'price_minor', type: 'bigint' })
  priceMinor!: string;

  @Column({ name: 'currency_code', type: 'char', length: 3 })
  currencyCode!: string;

  @Column({ type: 'integer' })
  inventory!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
