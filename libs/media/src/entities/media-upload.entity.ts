import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A staged upload: what the client declared and the key its signed form may write. Completion checks the
 * stored object against it; the purge deletes it 24 h after creation (a trigger trashes its object when
 * no media came of it).
 */
@Entity({ name: 'media_uploads' })
@Index('ix_media_uploads_created', ['createdAt'])
export class MediaUploadEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_media_uploads' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_media_uploads_store' })
  store?: object;

  @Column({ type: 'varchar', length: 16 })
  purpose!: string;

  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 32 })
  contentType!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ name: 'object_key', type: 'varchar', length: 255 })
  objectKey!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
