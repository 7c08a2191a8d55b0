import { Dependencies, DomainError, Errors } from '@app/core';
import type { FastifyInstance } from 'fastify';
import { startDraining } from '../shutdown';
import { routePath } from './route-path';

// Answers under these prefixes carry tokens, secrets or personal data: never stored by a cache.
const NO_STORE_PREFIXES = ['/v1/auth/', '/v1/user/'];

/**
 * What every request meets first, in one onRequest hook for everything every answer carries (each hook
 * is a step on every request): the security headers, X-Request-Id, `Cache-Control: no-store` where
 * answers carry secrets, and the refusals that need no route — the instance is closing or stopping, or
 * the URL carries a NUL.
 */
export function addRequestEdgeHook(
  fastify: FastifyInstance,
  dependencies: Dependencies,
  securityHeadersFor: (url: string) => Record<string, string>,
): void {
  // Once the application itself closes (Nest's shutdown hooks, the pool going away), a request that
  // still arrives on an open connection is refused in problem+json (apps/api/src/shutdown.ts).
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    dependencies.beginShutdown();
    startDraining(fastify.server);
    done();
  });
  // Every request has a `caller` from the start (null until the access guard or the storefront hook
  // authenticates it), so authenticated and public requests share one object shape: a property added
  // to some requests only makes V8's inline caches in Fastify's and Nest's shared code slower for all.
  fastify.decorateRequest('caller', null);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    reply.header('X-Request-Id', request.id);
    // The application itself is closing (after SHUTDOWN_TIMEOUT): nothing can be served any more.
    if (closing) return done(shuttingDown());
    if (NO_STORE_PREFIXES.some((prefix) => routePath(request).startsWith(prefix)))
      reply.header('Cache-Control', 'no-store');
    // A NUL can never be stored (PostgreSQL text refuses it) and has no business in a path or query.
    if (request.url.includes('%00')) {
      return done(
        Errors.validation([{ field: 'query', message: 'may not contain the NUL character (U+0000)' }]),
      );
    }
    done();
  });
}

function shuttingDown(): DomainError {
  return new DomainError('unavailable', 'This instance is shutting down; retry the request.', {
    retryAfter: 1,
  });
}
