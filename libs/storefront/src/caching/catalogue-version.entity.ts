import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A store's catalogue version: raised by database triggers whenever the store's row or one of its products
 * changes (migration StorefrontCaching1795700000000), never written by application code. The storefront's
 * ETags are built on it (caching/etag.ts).
 */
@Entity({ name: 'catalogue_versions' })
export class CatalogueVersionEntity {
  @PrimaryColumn({ name: 'store_id', type: 'uuid', primaryKeyConstraintName: 'PK_catalogue_versions' })
  storeId!: string;

  @Column({ type: 'bigint', default: 1 })
  version!: string;

  /** The transaction that last raised it (so one transaction raises it once). */
  @Column({ name: 'bumped_by', type: 'bigint', nullable: true })
  bumpedBy!: string | null;

  // By entity name, not class: a context depends on the stores table, not on the stores code.
  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_catalogue_versions_store' })
  store?: object;
}
