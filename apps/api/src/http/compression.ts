import fastifyCompress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { constants } from 'node:zlib';

/** Answers smaller than this go as they are (contract v1.3 §15: every answer of at least 1 KiB). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Routes whose every answer — success or problem+json — is a few fixed fields, far below the threshold: they
 * carry no compression hooks at all (@fastify/compress's per-route `compress: false`). Its hooks cost every
 * other request an onRequest step and an onSend step that negotiates before it looks at the size (7–11 µs
 * of self time per request in CPU profiles of /v1/auth/me on a busy machine, bench/README.md), work these
 * answers can never use. Routes whose answers can reach 1 KiB keep them.
 */
const NEVER_COMPRESSED = new Set(['/health/live', '/health/ready']);

/**
 * Response compression for every route (REST, GraphQL, the console's files): `br` when the client's
 * Accept-Encoding allows it, else `gzip`, for compressible types (JSON, problem+json, GraphQL's media
 * types, HTML, JavaScript, CSS, SVG) of at least 1 KiB, with `Vary: Accept-Encoding` — @fastify/compress
 * through its front door, on its onSend hook, so it sees every answer Fastify sends (Nest's handlers, the
 * problem+json filter, Apollo's answers, the console). 304s and empty answers have nothing to compress.
 *
 * The CPU it costs: brotli at quality 4 (its default, 11, is built for files compressed once and served
 * many times, and costs milliseconds per answer) compresses a 100-product catalogue page about as well as
 * gzip's default level and cheaper; gzip stays at zlib's default level 6. Measured by
 * bench/scenarios/storefront-caching.js (bytes on the wire, and req/s beside the uncompressed answer).
 *
 * Request bodies are not decompressed (`globalDecompression: false`): the body limit and the parsers keep
 * meaning what they say, and a `Content-Encoding` on a request body is refused as before.
 */
export async function addCompression(app: NestFastifyApplication): Promise<void> {
  // Before the plugin's own onRoute hook, which then adds nothing to these routes.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      if (NEVER_COMPRESSED.has(route.url)) route.compress = false;
    });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
