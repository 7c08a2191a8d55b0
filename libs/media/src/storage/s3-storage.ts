import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Config } from '@app/core';
import { Readable } from 'node:stream';
import type { MediaStorage, RangeChoice, StoredObject, UploadForm, UploadPolicy } from './media-storage';

/**
 * Any S3-compatible service (AWS S3, Cloudflare R2, MinIO, Ceph RGW). Clients post their file straight to
 * the bucket with a presigned POST policy — the key, the Content-Type and a content-length-range of exactly
 * the declared size, for 10 minutes — so the service never proxies upload bytes. Which of those conditions
 * a given service enforces differs (docs/deployment.md); completion re-checks everything either way.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Bodies are Buffers of known length, sent as they are: no aws-chunked framing, which some
      // S3-compatible servers store as part of the object instead of decoding it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async uploadForm(policy: UploadPolicy): Promise<UploadForm> {
    const seconds = Math.max(1, Math.round((policy.expiresAt.getTime() - Date.now()) / 1000));
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.config.bucket,
      Key: policy.key,
      Conditions: [
        { 'Content-Type': policy.contentType },
        ['content-length-range', policy.size, policy.size],
      ],
      Fields: { 'Content-Type': policy.contentType },
      Expires: seconds,
    });
    return { url, fields };
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (!object) return null;
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async open(key: string, choose?: (size: number) => RangeChoice): Promise<StoredObject | null> {
    // A range needs the length first (HEAD); the whole object does not.
    let range: RangeChoice = null;
    if (choose) {
      const size = await this.size(key);
      if (size === null) return null;
      range = choose(size);
      if (range === 'unsatisfiable') return { body: null, size, range };
    }
    const object = await this.get(key, range ? `bytes=${range.start}-${range.end}` : undefined);
    if (!object) return null;
    const total = object.ContentRange
      ? Number(object.ContentRange.split('/')[1])
      : (object.ContentLength ?? 0);
    return { body: object.Body as Readable, size: total, range };
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (;;) {
      const listed = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      const keys = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
      if (keys.length === 0) return;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      if (!listed.IsTruncated) return;
    }
  }

  destroy(): void {
    this.client.destroy();
  }

  private async get(key: string, range?: string) {
    try {
      return await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
  }
}

function absent(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
