import type { Readable } from 'node:stream';

/** The HTML-form upload a client posts: every field first, then the file as the part named `file`. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

/** What the form's policy pins (§17): the object key, its Content-Type and its exact length. */
export interface UploadPolicy {
  uploadId: string;
  key: string;
  contentType: string;
  size: number;
  expiresAt: Date;
}

/** The bytes start…end (inclusive) of an object. */
export interface ByteRange {
  start: number;
  end: number;
}
/** What a served request wants once the object's length is known: a range, all of it, or nothing it has. */
export type RangeChoice = ByteRange | null | 'unsatisfiable';

/** An object opened for serving: the range chosen, and its bytes (none when unsatisfiable). */
export interface StoredObject {
  body: Readable | null;
  /** The object's whole length. */
  size: number;
  range: RangeChoice;
}

/**
 * Where media bytes live, behind one port: the disk under DATA_DIR/media (the embedded default) or an
 * S3-compatible bucket. Keys are `<storeId>/<mediaId>/<name>.<ext>`, never made from a client's file name.
 * Nothing here decides whether a file is acceptable: the media service checks every stored object itself
 * at completion, whatever the backend enforced at upload.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** The signed HTML form that lets a client write exactly one object. */
  uploadForm(policy: UploadPolicy): Promise<UploadForm>;
  /** The object's length, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The whole object (completion reads it to check it), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /**
   * The object for serving, or null when there is none: `choose` picks the range from its length (one
   * open and one length read on the disk, not a stat before an open).
   */
  open(key: string, choose?: (size: number) => RangeChoice): Promise<StoredObject | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a media's folder); nothing there is no error. */
  deletePrefix(prefix: string): Promise<void>;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
