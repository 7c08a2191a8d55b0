import { Injectable } from '@nestjs/common';
import { cursorTimestampSql, CursorKey } from '@app/core';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import type { ImageType, Media, MediaPurpose } from './media';

export interface UploadRow {
  id: string;
  store_id: string;
  purpose: MediaPurpose;
  filename: string;
  content_type: ImageType;
  size: number;
  object_key: string;
  expires_at: Date;
}

export interface MediaRow {
  id: string;
  store_id: string;
  purpose: MediaPurpose;
  content_type: ImageType;
  width: number;
  height: number;
  bytes: number;
  filename: string;
  created_at: Date;
  cursor_ts: string;
}

const MEDIA_COLUMNS = `id, store_id, purpose, content_type, width, height, bytes, filename, created_at,
  ${cursorTimestampSql('created_at')} AS cursor_ts`;

export const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  storeId: row.store_id,
  purpose: row.purpose,
  contentType: row.content_type,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  filename: row.filename,
  createdAt: row.created_at,
});

/**
 * The media context's tables: `media_uploads`, `media` and `media_trash`. Statements are by store and id
 * together: the route's access rule decided the store, and a media of another store is simply not found.
 */
@Injectable()
export class MediaRepository {
  constructor(private readonly sql: Sql) {}

  async insertUpload(upload: Omit<UploadRow, 'expires_at'> & { expires_at: Date }): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO media_uploads (id, store_id, purpose, filename, content_type, size, object_key, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      values: [
        upload.id,
        upload.store_id,
        upload.purpose,
        upload.filename,
        upload.content_type,
        upload.size,
        upload.object_key,
        upload.expires_at,
      ],
    });
  }

  /** The upload of this store; `storeId` null for the disk backend's form route, which has only the id. */
  upload(storeId: string | null, uploadId: string): Promise<UploadRow | undefined> {
    return this.sql.one<UploadRow>({
      name: 'media_upload_get',
      text: `SELECT id, store_id, purpose, filename, content_type, size, object_key, expires_at
               FROM media_uploads WHERE id = $1 AND ($2::uuid IS NULL OR store_id = $2)`,
      values: [uploadId, storeId],
    });
  }

  /**
   * The media of a completed upload. Two completions of one upload may both get here: the first insert
   * wins, the second finds nothing inserted and reads the first's row (`created` false).
   */
  async insertMedia(media: Omit<Media, 'createdAt'>): Promise<{ row: MediaRow; created: boolean }> {
    const inserted = await this.sql.one<MediaRow>({
      text: `INSERT INTO media (id, store_id, purpose, content_type, width, height, bytes, filename)
             SELECT $1, $2, $3, $4, $5, $6, $7, $8
              WHERE EXISTS (SELECT 1 FROM stores WHERE id = $2)
             ON CONFLICT (id) DO NOTHING
             RETURNING ${MEDIA_COLUMNS}`,
      values: [
        media.id,
        media.storeId,
        media.purpose,
        media.contentType,
        media.width,
        media.height,
        media.bytes,
        media.filename,
      ],
    });
    if (inserted) return { row: inserted, created: true };
    const existing = await this.find(media.storeId, media.id);
    if (!existing) throw new Error('media vanished while being completed');
    return { row: existing, created: false };
  }

  find(storeId: string, mediaId: string): Promise<MediaRow | undefined> {
    return this.sql.one<MediaRow>({
      name: 'media_get',
      text: `SELECT ${MEDIA_COLUMNS} FROM media WHERE id = $1 AND store_id = $2`,
      values: [mediaId, storeId],
    });
  }

  /** Whether the media exists (a served URL's one read): its purpose and type, to know its object names. */
  servable(
    storeId: string,
    mediaId: string,
  ): Promise<Pick<MediaRow, 'purpose' | 'content_type'> | undefined> {
    return this.sql.one({
      name: 'media_servable',
      text: `SELECT purpose, content_type FROM media WHERE id = $1 AND store_id = $2`,
      values: [mediaId, storeId],
    });
  }

  /** Newest first, `limit + 1` rows (the extra one says whether a next page exists). */
  list(
    storeId: string,
    purpose: MediaPurpose | null,
    limit: number,
    after: CursorKey | null,
  ): Promise<MediaRow[]> {
    return this.sql.rows<MediaRow>({
      name: 'media_list',
      text: `SELECT ${MEDIA_COLUMNS} FROM media
              WHERE store_id = $1 AND ($2::varchar IS NULL OR purpose = $2)
                AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
              ORDER BY created_at DESC, id DESC LIMIT $5`,
      values: [storeId, purpose, after?.createdAt ?? null, after?.id ?? null, limit + 1],
    });
  }

  /**
   * Locks the media for its deletion: an image add holds it FOR SHARE until it commits, so the lock waits
   * for the adds in flight, and an add that comes after waits for the deletion (and then finds no media).
   * With `wait` false it answers 'held' instead of waiting; 'gone' when the store has no such media.
   */
  async lockForDeletion(
    tx: EntityManager,
    storeId: string,
    mediaId: string,
    wait: boolean,
  ): Promise<'locked' | 'held' | 'gone'> {
    const row = await this.sql.one<{ locked: boolean }>(
      {
        // The outer read takes no lock: it tells a media another transaction holds from none at all.
        text: `SELECT EXISTS (SELECT 1 FROM media WHERE id = $1 AND store_id = $2
                               FOR UPDATE${wait ? '' : ' SKIP LOCKED'}) AS locked
                FROM media WHERE id = $1 AND store_id = $2`,
        values: [mediaId, storeId],
      },
      tx,
    );
    if (!row) return 'gone';
    return row.locked ? 'locked' : 'held';
  }

  /** Deletes the media (the trigger trashes its folder; its remaining uses cascade); false when none. */
  async delete(tx: EntityManager, storeId: string, mediaId: string): Promise<boolean> {
    const result = await this.sql.run(
      { text: `DELETE FROM media WHERE id = $1 AND store_id = $2`, values: [mediaId, storeId] },
      tx,
    );
    return result.rowCount > 0;
  }

  /** Runs `work` in one transaction: a media's deletion and the events of the products it leaves. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /** Folders whose objects are still to be removed, oldest first. */
  async trash(limit: number): Promise<string[]> {
    const rows = await this.sql.rows<{ prefix: string }>({
      text: `SELECT prefix FROM media_trash ORDER BY created_at LIMIT $1`,
      values: [limit],
    });
    return rows.map((row) => row.prefix);
  }

  async emptied(prefix: string): Promise<void> {
    await this.sql.run({ text: `DELETE FROM media_trash WHERE prefix = $1`, values: [prefix] });
  }
}
