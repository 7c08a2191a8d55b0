import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { ProductOptionValueEntity } from './product-option-value.entity';

/**
 * (v1.4) A variant of a product: its own price, compare-at price, SKU, stock and image. It names one value
 * of each of its product's options (`option1…3_value_id`, in option order; null past the product's option
 * count); a product without options has one variant naming none, its default variant. Triggers keep
 * `products.price_minor` and `products.inventory` as the lowest price and the total stock (see the
 * migration ProductOptionsAndVariants1795890000000); the variants repository holds the SQL.
 */
@Entity({ name: 'product_variants' })
// The database refuses what the API refuses, as for products.
@Check('ck_product_variants_inventory', '"inventory" >= 0')
@Check('ck_product_variants_price', '"price_minor" >= 0')
@Check('ck_product_variants_compare_at', '"compare_at_minor" >= 0')
@Unique('uq_product_variants_position', ['productId', 'position'])
// One variant per combination, the default variant's (all null) included: the migration declares it
// NULLS NOT DISTINCT, which this TypeORM version can neither declare nor compare (it matches by name).
@Unique('uq_product_variants_options', ['productId', 'option1ValueId', 'option2ValueId', 'option3ValueId'])
// A SKU is unique within its store, when there is one.
@Index('uq_product_variants_sku', ['storeId', 'sku'], { unique: true, where: '"sku" IS NOT NULL' })
export class ProductVariantEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_variants' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne('ProductEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_product_variants_product' })
  product?: object;

  /** The variant's place among its product's (0-based). */
  @Column({ type: 'integer' })
  position!: number;

  // RESTRICT: a value a variant names cannot be removed (`option_value_in_use`, held by the database too).
  @Column({ name: 'option1_value_id', type: 'uuid', nullable: true })
  option1ValueId!: string | null;

  @ManyToOne('ProductOptionValueEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'option1_value_id', foreignKeyConstraintName: 'FK_product_variants_option1' })
  option1Value?: ProductOptionValueEntity | null;

  @Column({ name: 'option2_value_id', type: 'uuid', nullable: true })
  option2ValueId!: string | null;

  @ManyToOne('ProductOptionValueEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'option2_value_id', foreignKeyConstraintName: 'FK_product_variants_option2' })
  option2Value?: ProductOptionValueEntity | null;

  @Column({ name: 'option3_value_id', type: 'uuid', nullable: true })
  option3ValueId!: string | null;

  @ManyToOne('ProductOptionValueEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'option3_value_id', foreignKeyConstraintName: 'FK_product_variants_option3' })
  option3Value?: ProductOptionValueEntity | null;

  /** Integer minor units of the product's currency, read as a string (bigint). */
  @Column({ name: 'price_minor', type: 'bigint' })
  priceMinor!: string;

  @Column({ name: 'compare_at_minor', type: 'bigint', nullable: true })
  compareAtMinor!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  sku!: string | null;

  @Column({ type: 'integer' })
  inventory!: number;

  /** One of the product's images; a removed image leaves the variant without one. */
  @Column({ name: 'image_id', type: 'uuid', nullable: true })
  imageId!: string | null;

  @ManyToOne('ProductImageEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'FK_product_variants_image' })
  image?: object | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
