import { SecretHasher } from '@app/core';
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { MediaStorage, RangeChoice, StoredObject, UploadForm, UploadPolicy } from './media-storage';

/** The purpose the disk backend's policies are signed under (SecretHasher keeps purposes apart). */
export const DISK_POLICY_PURPOSE = 'media-upload-policy';

/** The policy document of a disk upload, as S3 writes one: an expiry and the conditions of the form. */
export interface DiskPolicy {
  expiration: string;
  conditions: [{ key: string }, { 'Content-Type': string }, ['content-length-range', number, number]];
}

/**
 * The embedded default: objects are files under DATA_DIR/media, so `npm start` needs nothing else. Uploads
 * are posted to the service itself (`POST /v1/media/uploads/:uploadId`) with the same form S3 takes: the
 * policy (base64 JSON) and its signature (a keyed hash with OTP_PEPPER) travel as form fields, never in
 * the URL, and the upload route (media-upload.controller.ts) checks them before keeping a byte.
 */
export class DiskStorage implements MediaStorage {
  readonly kind = 'disk' as const;

  constructor(
    private readonly directory: string,
    private readonly publicUrl: string,
    private readonly hasher: SecretHasher,
  ) {}

  uploadForm(policy: UploadPolicy): Promise<UploadForm> {
    const document: DiskPolicy = {
      expiration: policy.expiresAt.toISOString(),
      conditions: [
        { key: policy.key },
        { 'Content-Type': policy.contentType },
        ['content-length-range', policy.size, policy.size],
      ],
    };
    const encoded = Buffer.from(JSON.stringify(document)).toString('base64');
    return Promise.resolve({
      url: `${this.publicUrl}/v1/media/uploads/${policy.uploadId}`,
      fields: {
        key: policy.key,
        'Content-Type': policy.contentType,
        policy: encoded,
        'x-signature': this.hasher.hash(DISK_POLICY_PURPOSE, encoded),
      },
    });
  }

  /** The policy when the signature is this service's own (constant-time), else null. */
  verifiedPolicy(encoded: string, signature: string): DiskPolicy | null {
    if (!this.hasher.matches(DISK_POLICY_PURPOSE, encoded, signature)) return null;
    return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as DiskPolicy;
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async open(key: string, choose?: (size: number) => RangeChoice): Promise<StoredObject | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const range = choose ? choose(size) : null;
      if (range === 'unsatisfiable') {
        await handle.close();
        return { body: null, size, range };
      }
      // The stream closes the handle when it ends or is destroyed (a client gone mid-answer).
      return { body: handle.createReadStream(range ?? {}), size, range };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async write(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const partial = `${path}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, body);
    await rename(partial, path);
  }

  /**
   * A new file for bytes being received, in a folder of its own under the directory (never in a media's
   * folder, so a refused upload leaves nothing there); `adopt` moves it to its key.
   */
  async stagingPath(): Promise<string> {
    const incoming = join(resolve(this.directory), '.incoming');
    await mkdir(incoming, { recursive: true });
    return join(incoming, `${randomUUID()}.partial`);
  }

  async adopt(staged: string, key: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await rename(staged, path);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  /** Keys are made by the service (uuids and fixed names); this refuses anything leaving the directory. */
  private path(key: string): string {
    const root = resolve(this.directory);
    const path = resolve(join(root, key));
    if (path !== root && !path.startsWith(root + sep)) throw new Error(`media key outside storage: ${key}`);
    return path;
  }
}

function missing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
