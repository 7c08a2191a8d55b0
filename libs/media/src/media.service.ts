import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  decodeCursor,
  encodeCursor,
  keysetPage,
  type AccessibleStore,
} from '@app/core';
import { randomUUID } from 'node:crypto';
import { checkImage } from './image-check';
import {
  type ImageType,
  type Media,
  type MediaPurpose,
  MEDIA_PURPOSES,
  mayHandle,
  mediaFolder,
  objectNames,
  originalKey,
  RENDITIONS,
  renditionKey,
  typeAllowed,
} from './media';
import { MediaErrors } from './media.errors';
import { MediaRepository, toMedia, type UploadRow } from './media.repository';
import { MEDIA_STORAGE, type MediaStorage, type UploadForm } from './storage/media-storage';

/** A signed form lives 10 minutes (§17); an upload not completed is deleted after 24 h (the purge). */
export const UPLOAD_FORM_TTL_MS = 10 * 60_000;
const CURSOR_KIND = 'media:newest';

export interface UploadRequest {
  purpose: MediaPurpose;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * Who handles a store's media: a member with its role (the REST door), or an app (`role` null) whose door
 * checked `products:write` and which may handle product images only.
 */
export interface MediaHolder {
  storeId: string;
  role: AccessibleStore['role'] | null;
}

export interface StagedUpload extends UploadForm {
  id: string;
  expiresAt: Date;
}

/**
 * Media (§17): staged uploads straight to storage, completion that trusts nothing the client said, and
 * the store's media. Used by every door (the members' REST routes, the apps' GraphQL mutations).
 */
@Injectable()
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A signed form for one object of exactly `size` bytes of the declared type, for 10 minutes. */
  async createUpload(store: MediaHolder, request: UploadRequest): Promise<StagedUpload> {
    this.mayHandle(store, request.purpose);
    const errors = [];
    if (!typeAllowed(request.purpose, request.contentType)) {
      errors.push({
        field: 'contentType',
        message:
          request.purpose === 'favicon'
            ? 'contentType must be image/png, image/jpeg, image/webp, image/gif, image/avif or image/x-icon'
            : 'contentType must be image/png, image/jpeg, image/webp, image/gif or image/avif',
      });
    }
    if (request.size > this.config.media.maxBytes) {
      errors.push({ field: 'size', message: `size must be between 1 and ${this.config.media.maxBytes}` });
    }
    if (errors.length > 0) throw MediaErrors.badInput(errors);
    const type = request.contentType as ImageType;
    const id = randomUUID();
    const key = originalKey(store.storeId, id, type);
    const expiresAt = new Date(Date.now() + UPLOAD_FORM_TTL_MS);
    await this.repository.insertUpload({
      id,
      store_id: store.storeId,
      purpose: request.purpose,
      filename: request.filename,
      content_type: type,
      size: request.size,
      object_key: key,
      expires_at: expiresAt,
    });
    const form = await this.storage.uploadForm({
      uploadId: id,
      key,
      contentType: type,
      size: request.size,
      expiresAt,
    });
    return { id, ...form, expiresAt };
  }

  /**
   * Checks the stored object and makes it a media: `created` false when the upload was completed before
   * (the same media). A refused object is deleted, and the upload may be posted again while its form lives.
   */
  async complete(store: MediaHolder, uploadId: string): Promise<{ media: Media; created: boolean }> {
    const upload = await this.repository.upload(store.storeId, uploadId);
    if (!upload) throw MediaErrors.uploadNotFound();
    this.mayHandle(store, upload.purpose);
    const done = await this.repository.find(store.storeId, upload.id);
    if (done) return { media: toMedia(done), created: false };

    const size = await this.storage.size(upload.object_key);
    if (size === null) throw MediaErrors.invalid('not_uploaded', 'Nothing was uploaded for this upload.');
    if (size !== upload.size) {
      return this.refuse(
        upload,
        'size_mismatch',
        `The file has ${size} bytes, not the ${upload.size} declared.`,
      );
    }
    const bytes = await this.storage.read(upload.object_key);
    if (!bytes) throw MediaErrors.invalid('not_uploaded', 'Nothing was uploaded for this upload.');
    if (bytes.length !== upload.size) {
      return this.refuse(
        upload,
        'size_mismatch',
        `The file has ${bytes.length} bytes, not the ${upload.size} declared.`,
      );
    }
    const checked = await checkImage(
      bytes,
      upload.content_type,
      this.config.media.maxPixels,
      RENDITIONS[upload.purpose],
    );
    if (!checked.ok) {
      const details = {
        not_uploaded: 'Nothing was uploaded.',
        size_mismatch: 'The file is not of the declared size.',
        type_mismatch: `The file is not ${upload.content_type} (by its content).`,
        not_an_image: 'The file is not an image that decodes.',
        too_many_pixels: `The image has more than ${this.config.media.maxPixels} pixels.`,
      } as const;
      return this.refuse(upload, checked.reason, details[checked.reason]);
    }
    for (const rendition of checked.renditions) {
      await this.storage.write(
        renditionKey(store.storeId, upload.id, rendition.spec),
        rendition.body,
        `image/${rendition.spec.format}`,
      );
    }
    const { row, created } = await this.repository.insertMedia({
      id: upload.id,
      storeId: store.storeId,
      purpose: upload.purpose,
      contentType: upload.content_type,
      width: checked.width,
      height: checked.height,
      bytes: bytes.length,
      filename: upload.filename,
    });
    return { media: toMedia(row), created };
  }

  async list(
    store: AccessibleStore,
    query: { purpose?: MediaPurpose; first: number; after?: string },
  ): Promise<{ items: Media[]; nextCursor: string | null }> {
    const after = query.after === undefined ? null : decodeCursor(CURSOR_KIND, query.after);
    if (query.after !== undefined && !after) {
      throw MediaErrors.badInput([{ field: 'after', message: 'after must be a cursor of this list' }]);
    }
    const rows = await this.repository.list(store.storeId, query.purpose ?? null, query.first, after);
    const page = keysetPage(rows, query.first, toMedia, (key) => encodeCursor(CURSOR_KIND, key));
    return { items: page.data, nextCursor: page.nextCursor };
  }

  async get(store: AccessibleStore, mediaId: string): Promise<Media> {
    const row = await this.repository.find(store.storeId, mediaId);
    if (!row) throw MediaErrors.notFound();
    return toMedia(row);
  }

  /**
   * The media, when the member may delete it (its purpose decides the permission); the deletion itself is
   * MediaDeletionService's, which tells the catalogue about the products it leaves.
   */
  async deletable(store: AccessibleStore, mediaId: string): Promise<Media> {
    const media = await this.get(store, mediaId);
    this.mayHandle(store, media.purpose);
    return media;
  }

  /** The stored object behind a media URL, when the media exists and has an object of that name. */
  async servable(
    storeId: string,
    mediaId: string,
    name: string,
  ): Promise<{ key: string; contentType: string } | null> {
    const media = await this.repository.servable(storeId, mediaId);
    if (!media) return null;
    const contentType = objectNames({ purpose: media.purpose, contentType: media.content_type }).get(name);
    return contentType ? { key: mediaFolder(storeId, mediaId) + name, contentType } : null;
  }

  /**
   * The URL of one rendition of a media of this store with this purpose (a store's branding, §17), or
   * null when the store has no such media.
   */
  async renditionUrl(
    storeId: string,
    mediaId: string,
    purpose: MediaPurpose,
    rendition: string,
  ): Promise<string | null> {
    const row = await this.repository.find(storeId, mediaId);
    if (!row || row.purpose !== purpose) return null;
    return this.urls(toMedia(row)).renditions[rendition] ?? null;
  }

  /** A media's URLs: `MEDIA_PUBLIC_URL/<storeId>/<mediaId>/<name>.<ext>`. */
  urls(media: Pick<Media, 'id' | 'storeId' | 'purpose' | 'contentType'>): {
    url: string;
    renditions: Record<string, string>;
  } {
    const base = `${this.config.media.publicUrl}/${mediaFolder(media.storeId, media.id)}`;
    const names = [...objectNames(media).keys()];
    const renditions: Record<string, string> = {};
    for (const spec of RENDITIONS[media.purpose])
      renditions[spec.name] = `${base}${spec.name}.${spec.format}`;
    return { url: base + names[0], renditions };
  }

  private async refuse(
    upload: UploadRow,
    reason: Parameters<typeof MediaErrors.invalid>[0],
    detail: string,
  ): Promise<never> {
    await this.storage.deletePrefix(mediaFolder(upload.store_id, upload.id));
    throw MediaErrors.invalid(reason, detail);
  }

  private mayHandle(store: MediaHolder, purpose: MediaPurpose): void {
    const allowed = store.role === null ? purpose === 'product_image' : mayHandle(store.role, purpose);
    if (!MEDIA_PURPOSES.includes(purpose) || !allowed) throw MediaErrors.role();
  }
}
