import type { AppConfig, Caller } from '@app/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { PublicTokensService } from '@app/public-tokens';
import { STOREFRONT_GRAPHQL_PATH } from '@app/storefront';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** @fastify/cors's options, as Nest's enableCors takes them. */
type CorsOptions = NonNullable<Parameters<NestFastifyApplication['enableCors']>[0]>;

const EXPOSED_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'RateLimit',
  'WWW-Authenticate',
  'Idempotent-Replayed',
  'ETag',
].join(', ');

const BASE: CorsOptions = {
  methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowedHeaders: [
    'Authorization',
    'Content-Type',
    'X-Request-Id',
    'Idempotency-Key',
    'X-Client-Info',
    'If-None-Match',
  ],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: 600,
};
const CLOSED: CorsOptions = { ...BASE, origin: false };
/** `true`: the request's own Origin is reflected (it has been decided to be allowed). */
const OPEN: CorsOptions = { ...BASE, origin: true };

type CorsCallback = (error: Error | null, options?: CorsOptions) => void;

/**
 * CORS, decided per request (@fastify/cors's options delegator): what browsers at an allowed origin may
 * send and read.
 *
 * - An origin in CORS_ORIGINS is allowed everywhere.
 * - (v1.3) A preflight of the storefront endpoint from an origin some live public token lists in its
 *   `allowedOrigins` is answered too: a preflight carries no token, so the question is whether any token
 *   lists it — one indexed read per preflight (PublicTokensService.originListed), on the database every
 *   instance shares, so a token created or changed on one instance is honoured by all at once. Browsers
 *   keep the answer for Access-Control-Max-Age (600 s); the token's list is enforced on every actual
 *   request anyway (the storefront's authentication hook refuses other origins).
 * - The actual storefront request from such an origin gets its CORS headers once its token is known
 *   (corsForToken below), without a further read.
 * - Anything else: no CORS headers (a preflight is not answered as one: it goes on to routing, as before).
 */
export function corsOptions(config: AppConfig, tokens: PublicTokensService): CorsOptions {
  const configured = new Set(config.corsOrigins);
  // Two parameters: @fastify/cors calls it with a callback (no promise for the common case).
  const delegator = (request: FastifyRequest, callback: CorsCallback): void => {
    const origin = request.headers.origin;
    if (!origin) return callback(null, CLOSED);
    if (configured.has(origin)) return callback(null, OPEN);
    if (request.method !== 'OPTIONS' || !isStorefrontPath(request.url)) return callback(null, CLOSED);
    tokens.originListed(origin).then(
      (listed) => callback(null, listed ? OPEN : CLOSED),
      (error: Error) => callback(error, CLOSED),
    );
  };
  return { delegator };
}

/**
 * A route hook of the storefront endpoint, after its authentication: a public token that lists the
 * request's Origin makes the answer readable there (the CORS headers of an allowed origin), whether or not
 * CORS_ORIGINS lists it.
 */
export function corsForToken(
  request: FastifyRequest & { caller?: Caller | null },
  reply: FastifyReply,
  done: () => void,
): void {
  const origin = request.headers.origin;
  const caller = request.caller;
  if (
    origin &&
    caller?.kind === 'public' &&
    caller.allowedOrigins?.includes(origin) &&
    !reply.hasHeader('access-control-allow-origin')
  ) {
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  done();
}

/** The storefront endpoint's path, as a preflight names it (a preflight matches no route of its own). */
function isStorefrontPath(url: string): boolean {
  const path = url.split('?')[0];
  return path === STOREFRONT_GRAPHQL_PATH || path === `${STOREFRONT_GRAPHQL_PATH}/`;
}
