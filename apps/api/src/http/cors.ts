import type { AppConfig, Caller } from '@app/core';
import type { PublicTokensService } from '@app/public-tokens';
import { STOREFRONT_GRAPHQL_PATH } from '@app/storefront';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a page at an allowed origin may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'ETag',
].join(', ');

/** A preflight's answer, the same for every allowed origin (all but the origin itself, built once). */
const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, X-Request-Id, Idempotency-Key, X-Client-Info, If-None-Match',
  'Access-Control-Max-Age': '600',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
};

type Request = FastifyRequest & { caller?: Caller | null };

/**
 * CORS: what browsers at an allowed origin may send and read. One onRequest hook that does nothing at all
 * for a request without an `Origin` header — servers, SDKs, curl, same-origin GETs: most requests — and for
 * one with an Origin:
 *
 * - An origin in CORS_ORIGINS is allowed everywhere: its preflights are answered (204) and its answers carry
 *   `Access-Control-Allow-Origin` (reflected, never `*`; no credentials: the API takes bearer tokens, never
 *   cookies) with the headers it may read.
 * - (v1.3) A preflight of the storefront endpoint from an origin some live public token lists in its
 *   `allowedOrigins` is answered too. A preflight carries no token, so the question is whether any token
 *   lists it: one indexed read per such preflight (PublicTokensService.originListed), on the database every
 *   instance shares. It is not cached in the process: a cached "yes" would keep answering for an origin
 *   whose last token was just deleted on another instance, a cached "no" would refuse one just listed there
 *   (docs/storefront.md). Browsers keep the answer for Access-Control-Max-Age (600 s), so a page pays it
 *   once per 10 minutes, not per request, and the token's list is enforced on every actual request anyway.
 * - The actual storefront request from such an origin gets its CORS headers once its token is known
 *   (`corsForToken`, a hook of that route only), without a further read; and (v1.4) its refusals — no token
 *   was accepted — are readable from any origin (`corsForRefusal`).
 * - Anything else gets no CORS headers; a preflight that is not answered goes on to routing (404).
 *
 * Written here rather than through @fastify/cors: its options delegator ran on every request, an Origin or
 * not (~36 µs of server CPU per request in a profile of /health/live: merging its options objects twice,
 * `Vary`, the callback chain), for a policy that needs a Set lookup.
 */
export function addCors(fastify: FastifyInstance, config: AppConfig, tokens: PublicTokensService): void {
  const configured = new Set(config.corsOrigins);
  fastify.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    // The answer depends on the Origin from here on: a cache must not give one origin's answer to another.
    reply.header('Vary', 'Origin');
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (configured.has(origin)) {
      if (preflight) return answerPreflight(reply, origin);
      allowOrigin(reply, origin);
      return done();
    }
    if (!preflight || !isStorefrontPath(request.url)) return done();
    tokens.originListed(origin).then(
      (listed) => (listed ? answerPreflight(reply, origin) : done()),
      (error: Error) => done(error),
    );
  });
}

/**
 * A route hook of the storefront endpoint, after its authentication: a public token that lists the
 * request's Origin makes the answer readable there (the CORS headers of an allowed origin), whether or not
 * CORS_ORIGINS lists it.
 */
export function corsForToken(request: Request, reply: FastifyReply, done: () => void): void {
  const origin = request.headers.origin;
  const caller = request.caller;
  if (
    origin &&
    caller?.kind === 'public' &&
    caller.allowedOrigins?.includes(origin) &&
    !reply.hasHeader('access-control-allow-origin')
  ) {
    allowOrigin(reply, origin);
  }
  done();
}

/**
 * (v1.4) An onSend hook of the storefront endpoint: a refusal of a request whose token was not accepted —
 * missing, mistyped, revoked, not allowed from this origin, or a request refused before any token was read
 * — carries the CORS headers of an allowed origin, so the page reads a 401 (or 403, 429, 503) instead of a
 * CORS failure. Safe because no token was accepted: the answer holds nothing the page did not send (a
 * problem or GraphQL error, the request id), and with no credentials allowed a browser sends no cookie for
 * it. An answer to an accepted token is never opened this way: only that token's own list (corsForToken)
 * or CORS_ORIGINS make it readable. See docs/storefront.md.
 */
export function corsForRefusal(
  request: Request,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const origin = request.headers.origin;
  if (
    origin &&
    reply.statusCode >= 400 &&
    request.caller == null &&
    // A preflight is decided by the CORS hook alone (one no token lists is not answered as one).
    request.method !== 'OPTIONS' &&
    !reply.hasHeader('access-control-allow-origin')
  ) {
    allowOrigin(reply, origin);
  }
  done(null, payload);
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  reply
    .header('Access-Control-Allow-Origin', origin)
    .header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** Answered here: Fastify does not route a preflight any further. */
function answerPreflight(reply: FastifyReply, origin: string): void {
  reply.code(204).header('Access-Control-Allow-Origin', origin).headers(PREFLIGHT_HEADERS).send();
}

/** The storefront endpoint's path, as a preflight names it (a preflight matches no route of its own). */
function isStorefrontPath(url: string): boolean {
  const path = url.split('?')[0];
  return path === STOREFRONT_GRAPHQL_PATH || path === `${STOREFRONT_GRAPHQL_PATH}/`;
}
