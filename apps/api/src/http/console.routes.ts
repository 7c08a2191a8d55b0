import { DomainError, Errors } from '@app/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';

/** Where `npm run build` (Vite) writes the console: dist/console at the repository root. */
export function consoleDirectory(): string {
  let dir = __dirname;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'apps', 'console')))
      return join(dir, 'dist', 'console');
    const up = dirname(dir);
    if (up === dir) return join(process.cwd(), 'dist', 'console');
    dir = up;
  }
}

/**
 * The console's own Content-Security-Policy: scripts and styles only from the console's files (no inline
 * code at all), API calls only to this origin, images also from https (store logos), never framed.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
// Vite's hashed file names: letters, digits, dot, dash and underscore — nothing that walks a path.
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Where the SDK's single-file ES module is served (the console's snippet imports it from here). */
export const SDK_MODULE_PATH = '/console/sdk/storefront-sdk.js';

const consoleNotBuilt = () =>
  new DomainError(
    'console_not_built',
    'The console has not been built: run `npm run build` (npm start builds it on its first run).',
  );

/**
 * The web console at /console: hashed assets cached for a year, index.html for every other path under
 * /console (the single-page app's routes) and never cached; `/` redirects to it. No other path outside
 * /console is touched.
 */
export function registerConsole(fastify: FastifyInstance, dir = consoleDirectory()): void {
  const headers = (reply: FastifyReply) =>
    reply
      .header('Content-Security-Policy', CONSOLE_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      // frame-ancestors 'none' for browsers that predate it: the consent page must never be framed (clickjacking).
      .header('X-Frame-Options', 'DENY');

  fastify.get('/console/assets/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const type = TYPES[extname(name)];
    if (!ASSET_NAME.test(name) || !type) throw Errors.notFound();
    let body: Buffer;
    try {
      body = await readFile(join(dir, 'assets', name));
    } catch {
      throw Errors.notFound();
    }
    headers(reply).header('Cache-Control', 'public, max-age=31536000, immutable').type(type);
    return body;
  });

  // The SDK as one ES module file for web pages without a bundler (apps/console/vite.sdk.config.mts): a
  // stable name, so pages can pin it; any origin may import it (a module script is fetched with CORS, and
  // the file is public code); revalidated after five minutes, so an upgrade reaches pages soon.
  fastify.get(SDK_MODULE_PATH, async (_request, reply) => {
    let body: Buffer;
    try {
      body = await readFile(join(dir, 'sdk', 'storefront-sdk.js'));
    } catch {
      throw consoleNotBuilt();
    }
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=300')
      .type(TYPES['.js']);
    return body;
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing asset is a 404, never the page (a stale index.html asking for a gone file must fail loudly).
    if (request.url.startsWith('/console/assets/')) throw Errors.notFound();
    let html: Buffer;
    try {
      html = await readFile(join(dir, 'index.html'));
    } catch {
      throw consoleNotBuilt();
    }
    headers(reply).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return html;
  };
  fastify.get('/console', page);
  fastify.get('/console/*', page);
  // A newcomer's browser opened at the service's address lands on the console (contract v1.3 §8), not
  // on a JSON 404. Only `/`: every other unknown path keeps its 404 problem.
  fastify.get('/', (_request, reply) => reply.redirect('/console', 302));
}
