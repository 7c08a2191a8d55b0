import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A checked image of a store (§17): its id is the id of the upload that brought it, so completing an
 * upload twice finds the same media, and its objects live under `<storeId>/<id>/`. Rows cascade away
 * with their store; a trigger (migration MediaAndProductImages) records the folder of every deleted row in
 * `media_trash`, whose objects the periodic purge removes.
 */
@Entity({ name: 'media' })
// The list reads newest first by an index seek per page, with or without a purpose.
@Index('ix_media_store_created', ['storeId', 'createdAt', 'id'])
@Index('ix_media_store_purpose_created', ['storeId', 'purpose', 'createdAt', 'id'])
export class MediaEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_media' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_media_store' })
  store?: object;

  @Column({ type: 'varchar', length: 16 })
  purpose!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 32 })
  contentType!: string;

  /** The original's, as displayed (orientation applied). */
  @Column({ type: 'int' })
  width!: number;

  @Column({ type: 'int' })
  height!: number;

  @Column({ type: 'int' })
  bytes!: number;

  /** The client's name for the file: a label only, never part of a key. */
  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
