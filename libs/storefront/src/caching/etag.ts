import { createHash } from 'node:crypto';

/** What a storefront GET answer depends on, besides the catalogue: the request, as its URL and headers say. */
export interface CacheKeyParts {
  /** The store's catalogue version (raised by triggers on every change to the store or its products). */
  catalogueVersion: string;
  tokenId: string;
  scopes: readonly string[];
  /** The GET's `query`, `variables`, `operationName` and `extensions` parameters, as sent. */
  query: unknown;
  variables: unknown;
  operationName: unknown;
  extensions: unknown;
  /** The Accept header: it picks the answer's media type (application/json or graphql-response+json). */
  accept: string | undefined;
}

/**
 * The strong ETag of a public token's GET query, computed before anything executes: a SHA-256 of the
 * store's catalogue version and of everything else the answer depends on — the token (its id: another
 * token of the store may have other scopes; its scopes: a PUT may change them), the operation exactly as
 * sent, and the media type asked for. It does not depend on Accept-Encoding: it names the JSON, whichever
 * content coding carries it (comparisons are weak anyway, and caches keep encodings apart by
 * `Vary: Accept-Encoding`).
 *
 * The operation is hashed as sent, not normalised (parsing it would cost what a 304 is meant to save): two
 * spellings of one query have two ETags, which costs a cache one extra full answer, never a stale one.
 * Strings are joined with a separator that cannot occur in them unescaped (JSON-encoded), so no two
 * different requests hash the same input.
 */
export function storefrontEtag(parts: CacheKeyParts): string {
  const input = JSON.stringify([
    parts.catalogueVersion,
    parts.tokenId,
    parts.scopes,
    str(parts.query),
    str(parts.variables),
    str(parts.operationName),
    str(parts.extensions),
    parts.accept?.trim().toLowerCase() ?? '',
  ]);
  // 128 bits of the hash, base64url: plenty against accidental collisions, short on the wire.
  return `"${createHash('sha256').update(input).digest('base64url').slice(0, 22)}"`;
}

/** A query-string parameter as Fastify parsed it: a string, or (repeated) an array of them. */
function str(value: unknown): string | string[] | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String);
  return null;
}

/**
 * RFC 9110 §13.1.2: does `If-None-Match` match `etag`? Weak comparison (a `W/` prefix on either side is
 * ignored), over a comma-separated list. `*` is not honoured: whether a representation exists is known only
 * after the query runs, and answering it in full is always correct.
 */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = opaque(etag);
  const list = Array.isArray(header) ? header.join(',') : header;
  for (const match of list.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (match[1] === wanted) return true;
  }
  return false;
}

const opaque = (etag: string) => (etag.startsWith('W/') ? etag.slice(2) : etag);

/**
 * `Cache-Control` of a public token's successful GET query (contract v1.3 §15): every use revalidates
 * (max-age=0, must-revalidate) unless STOREFRONT_CACHE_SECONDS lets shared caches keep it that long
 * (s-maxage) and serve it while they revalidate (stale-while-revalidate).
 */
export function publicCacheControl(cacheSeconds: number): string {
  return cacheSeconds > 0
    ? `public, max-age=0, s-maxage=${cacheSeconds}, stale-while-revalidate=${cacheSeconds}`
    : 'public, max-age=0, must-revalidate';
}

/** Every other storefront answer: carts, orders, app tokens, POSTs, errors. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * What a cached answer varies by: the token (Authorization), the content coding (Accept-Encoding), the
 * media type (Accept) and the Origin (whether it carries CORS headers, and which: the CORS layer sets them
 * only for requests that send an Origin, so an answer to one without must not be given to one with).
 * `accept-encoding` in lower case: @fastify/compress looks
 * for it so (case-sensitively) before adding its own, and header names compare case-insensitively anyway.
 */
export const CACHEABLE_VARY = 'Origin, Authorization, accept-encoding, Accept';
