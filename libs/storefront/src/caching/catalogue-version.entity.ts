import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * One of a store's 16 catalogue-version counters: raised by database triggers whenever the store's row or one
 * of its products changes (migrations StorefrontCaching1795700000000 and CatalogueVersionSlots1795831000000:
 * a transaction raises the slot of its database session, so concurrent writers of one store do not queue on
 * one row), never written by application code. The store's version is the sum of its slots; the
 * storefront's ETags are built on it (caching/etag.ts, catalogue-version.sql.ts).
 */
@Entity({ name: 'catalogue_versions' })
@Check('CHK_catalogue_versions_slot', '"slot" >= 0 AND "slot" < 16')
export class CatalogueVersionEntity {
  @PrimaryColumn({ name: 'store_id', type: 'uuid', primaryKeyConstraintName: 'PK_catalogue_versions' })
  storeId!: string;

  @PrimaryColumn({ type: 'smallint', default: 0, primaryKeyConstraintName: 'PK_catalogue_versions' })
  slot!: number;

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
