import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * A real S3-protocol server (the npm package s3rver) on a loopback port with a bucket in a temporary
 * folder, for the media tests' `s3` backend. It speaks the protocol (path-style, POST Object forms,
 * GET/HEAD/DELETE/LIST) but enforces no POST policy condition and no signature: what the service checks
 * at completion must be its own. `env` is what the application needs to use it.
 */
export class S3Server {
  private constructor(
    private readonly server: S3rverInstance,
    private readonly directory: string,
    readonly endpoint: string,
    readonly bucket: string,
  ) {}

  static async start(bucket = 'media'): Promise<S3Server> {
    const S3rver = require('s3rver') as S3rverClass;
    const directory = mkdtempSync(join(tmpdir(), 'sf-s3-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await server.run();
    return new S3Server(server, directory, `http://127.0.0.1:${port}`, bucket);
  }

  get env(): Record<string, string> {
    return {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: this.endpoint,
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** The object's bytes as the bucket has them (read past the service), or null. */
  async object(key: string): Promise<Buffer | null> {
    const res = await fetch(`${this.endpoint}/${this.bucket}/${key}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`s3rver GET ${key}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Every key in the bucket under `prefix`. */
  async keys(prefix = ''): Promise<string[]> {
    const res = await fetch(
      `${this.endpoint}/${this.bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`,
    );
    const xml = await res.text();
    return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
  }

  async close(): Promise<void> {
    await this.server.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
