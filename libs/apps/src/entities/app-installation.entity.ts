import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * An app installed in a store (§13): one per app and store. Uninstalling deletes the row — every token of
 * the installation is then refused by the liveness read — and a re-install is a new row (a new id).
 * `created_at` is when it was installed.
 */
@Entity({ name: 'app_installations' })
@Index('uq_app_installations_app_store', ['appId', 'storeId'], { unique: true })
@Index('ix_app_installations_store_created', ['storeId', 'createdAt', 'id'])
export class AppInstallationEntity extends StoreOwnedRow {
  @Column({ name: 'app_id', type: 'uuid' })
  appId!: string;

  @ManyToOne('InstallableAppEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id', foreignKeyConstraintName: 'FK_app_installations_app' })
  app?: object;

  /** What the store granted: tokens carry these or fewer. */
  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];

  /** The account that consented (a record, not a reference: no foreign key). */
  @Column({ name: 'installed_by', type: 'uuid' })
  installedBy!: string;
}
