import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (still compressed, if they were). */
  raw: Buffer;
  /** The body after undoing its Content-Encoding (br or gzip), as text. */
  text: string;
}

/**
 * One HTTP request with node:http, which — unlike fetch — never decompresses nor adds an Accept-Encoding of
 * its own: what the server put on the wire, and the body decoded here by zlib.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
