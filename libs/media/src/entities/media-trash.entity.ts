import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Folders of deleted media and abandoned uploads whose objects are still to be removed (by the purge). */
@Entity({ name: 'media_trash' })
export class MediaTrashEntity {
  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_media_trash' })
  prefix!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
