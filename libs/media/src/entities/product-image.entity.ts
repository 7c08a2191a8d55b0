import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A product's image: one media of the product's store, in a position from 0. It goes with its product and
 * with its media (a deleted media disappears from every product at once).
 */
@Entity({ name: 'product_images' })
@Index('ix_product_images_product_position', ['productId', 'position'])
@Index('ix_product_images_media', ['mediaId'])
export class ProductImageEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_product_images' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne('ProductEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'FK_product_images_product' })
  product?: object;

  @Column({ name: 'media_id', type: 'uuid' })
  mediaId!: string;

  @ManyToOne('MediaEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'media_id', foreignKeyConstraintName: 'FK_product_images_media' })
  media?: object;

  @Column({ name: 'alt_text', type: 'varchar', length: 512, nullable: true })
  altText!: string | null;

  @Column({ type: 'int' })
  position!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
