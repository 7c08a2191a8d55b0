import { Inject, Injectable } from '@nestjs/common';
import { Busboy } from '@fastify/busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MediaErrors } from './media.errors';
import { MediaRepository } from './media.repository';
import { DiskStorage } from './storage/disk-storage';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';

/** The path prefix of the disk backend's upload route (its multipart body parser is allowed there only). */
export const MEDIA_UPLOAD_PATH_PREFIX = '/v1/media/uploads/';

/**
 * The disk backend's side of an HTML-form upload (`POST /v1/media/uploads/:uploadId`), with S3's rules:
 * the fields come first, then the file as the part named `file`; the policy's signature must be this
 * service's, the policy unexpired, and the key and Content-Type fields those it pins (and those the upload
 * declared) — else 403 and the file is never read; a file of another length than the policy's range is 400.
 * Nothing is stored unless the whole file passed: it is received beside its key and renamed into place.
 */
@Injectable()
export class DiskUploadService {
  constructor(
    private readonly repository: MediaRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async receive(uploadId: string, headers: IncomingHttpHeaders, body: Readable): Promise<void> {
    const disk = this.storage instanceof DiskStorage ? this.storage : null;
    const upload = disk ? await this.repository.upload(null, uploadId) : undefined;
    if (!disk || !upload) {
      body.resume();
      throw MediaErrors.uploadNotFound();
    }
    const contentType = headers['content-type'];
    if (typeof contentType !== 'string' || !/^multipart\/form-data/i.test(contentType)) {
      body.resume();
      throw MediaErrors.badInput([{ field: 'file', message: 'send multipart/form-data' }]);
    }
    const fields = new Map<string, string>();
    const received = new Promise<void>((resolve, reject) => {
      let file = false;
      const parser = Busboy({
        headers: { ...headers, 'content-type': contentType },
        limits: { fields: 20, fieldSize: 8192, files: 1, parts: 22, fileSize: upload.size },
      });
      parser.on('field', (name, value) => {
        if (!fields.has(name)) fields.set(name, value);
      });
      parser.on('file', (name, stream) => {
        if (name !== 'file' || file) return stream.resume();
        file = true;
        const refusal = this.policyRefusal(disk, fields, upload);
        if (refusal) {
          stream.resume();
          return reject(MediaErrors.policy(refusal));
        }
        this.store(disk, upload.object_key, upload.size, stream).then(resolve, reject);
      });
      parser.on('finish', () => {
        if (!file)
          reject(MediaErrors.badInput([{ field: 'file', message: 'the form has no part named file' }]));
      });
      parser.on('error', () =>
        reject(MediaErrors.badInput([{ field: 'file', message: 'a malformed form' }])),
      );
      body.pipe(parser);
    });
    await received;
  }

  /** Why the form is outside its policy (S3's 403 cases), or null. */
  private policyRefusal(
    disk: DiskStorage,
    fields: Map<string, string>,
    upload: { object_key: string; content_type: string; size: number },
  ): string | null {
    const encoded = fields.get('policy');
    const signature = fields.get('x-signature');
    if (!encoded || !signature) return 'The form has no policy or no signature.';
    const policy = disk.verifiedPolicy(encoded, signature);
    if (!policy) return 'The policy’s signature is wrong.';
    if (!(Date.parse(policy.expiration) > Date.now())) return 'The policy has expired.';
    const [{ key }, { 'Content-Type': type }, [, min, max]] = policy.conditions;
    if (key !== upload.object_key || fields.get('key') !== key) return 'The key is not the policy’s.';
    if (type !== upload.content_type || fields.get('Content-Type') !== type) {
      return 'The Content-Type is not the policy’s.';
    }
    if (min !== upload.size || max !== upload.size) return 'The policy is not this upload’s.';
    return null;
  }

  /** The file's bytes to a file beside the key, moved into place only when exactly `size` arrived. */
  private async store(disk: DiskStorage, key: string, size: number, stream: Readable): Promise<void> {
    const staged = await disk.stagingPath();
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    try {
      await pipeline(stream, createWriteStream(staged));
      // Busboy cut the file at `size` bytes and marked it truncated when more came.
      if ((stream as Readable & { truncated?: boolean }).truncated || bytes !== size) {
        throw MediaErrors.badInput([
          { field: 'file', message: `the file must be exactly ${size} bytes (content-length-range)` },
        ]);
      }
      await disk.adopt(staged, key);
    } finally {
      await rm(staged, { force: true });
    }
  }
}
