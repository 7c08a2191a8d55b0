import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { ProductOptionEntity } from './product-option.entity';

/**
 * (v1.4) One value of a product option (`M`, `Red`): 1–100 per option, in `position` order from 0; a
 * variant names one value of each option by id (`product_variants.option<n>_value_id`), so renaming a
 * value renames it in every variant. Goes with its option.
 */
@Entity({ name: 'product_option_values' })
@Unique('uq_product_option_values_position', ['optionId', 'position'])
// Deferred, like option names: renames that swap two values pass.
@Unique('uq_product_option_values_value', ['optionId', 'value'], { deferrable: 'INITIALLY DEFERRED' })
export class ProductOptionValueEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_product_option_values' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'option_id', type: 'uuid' })
  optionId!: string;

  @ManyToOne('ProductOptionEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'option_id', foreignKeyConstraintName: 'FK_product_option_values_option' })
  option?: ProductOptionEntity;

  @Column({ type: 'smallint' })
  position!: number;

  @Column({ type: 'varchar', length: 255 })
  value!: string;
}
