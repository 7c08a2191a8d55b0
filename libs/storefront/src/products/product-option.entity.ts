import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * (v1.4) One option of a product (`Size`, `Colour`): at most 3, in `position` order from 0. The option's
 * identity is its position: `productOptionsUpdate` renames the i-th option in place. A schema description
 * for the migrations' check: the variants repository reads and writes the table with its own SQL.
 *
 * No foreign key on `store_id` (the product's store; the product goes with its store), and the one to
 * `products` was added NOT VALID by the migration that copied the default variants.
 */
@Entity({ name: 'product_options' })
@Unique('uq_product_options_position', ['productId', 'position'])
// Deferred to the commit: a rename that swaps two names (`A, B` → `B, A`) never collides half-way.
@Unique('uq_product_options_name', ['productId', 'name'], { deferrable: 'INITIALLY DEFERRED' })
export class ProductOptionEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_options' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne('ProductEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_product_options_product' })
  product?: object;

  @Column({ type: 'smallint' })
  position!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;
}
