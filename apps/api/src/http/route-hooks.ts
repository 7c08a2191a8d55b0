import type { AuthRateLimit } from '@app/auth';
import {
  STOREFRONT_GRAPHQL_PATH,
  type StorefrontConditionalGet,
  type StorefrontHttpAuth,
} from '@app/storefront';
import type { FastifyInstance } from 'fastify';
import { corsForRefusal, corsForToken } from './cors';

/**
 * Hooks that concern some routes only, put on each route as it is registered (decided once per route),
 * so every other request carries no step for them. Added before the application initialises, which is
 * when Nest and the GraphQL module register their routes.
 *
 * - The /v1/auth rate limit (libs/auth), a `preParsing` hook: it runs after routing and the CORS headers,
 *   before the body is read and before any guard, so every request to a counted route counts (not the
 *   authenticated reads /me, /sessions, /providers).
 * - The storefront endpoint's authentication (libs/storefront), an `onRequest` hook: its 401/403 are
 *   HTTP statuses, answered before Apollo runs. Route hooks run after the global ones, so its refusals
 *   still carry the CORS headers a browser needs to read them. Then (v1.3) the CORS headers of an origin
 *   its public token lists (./cors.ts), and the conditional GET (libs/storefront: `Cache-Control`, the ETag,
 *   a 304 before anything is parsed or executed) — in that order, so a 304 carries the CORS headers too.
 *   (v1.4) And an onSend hook that makes its refusals readable from the page that sent them (./cors.ts).
 */
export function addRouteHooks(
  fastify: FastifyInstance,
  rateLimit: AuthRateLimit,
  storefrontAuth: StorefrontHttpAuth,
  conditionalGet: StorefrontConditionalGet,
): void {
  // Every request has the property from the start (null), so all requests keep one object shape (see the
  // `caller` decoration in request-edge.hook.ts).
  fastify.decorateRequest('storefrontEtag', null);
  fastify.addHook('onRoute', (route) => {
    // A route registered for several methods at once is limited when any of them is (none here is).
    const methods = [route.method].flat();
    if (methods.some((method) => rateLimit.limits(method, route.url)))
      route.preParsing = [rateLimit.preParsing, ...[route.preParsing ?? []].flat()];
    if (route.url === STOREFRONT_GRAPHQL_PATH) {
      route.onRequest = [
        ...[route.onRequest ?? []].flat(),
        storefrontAuth.onRequest,
        corsForToken,
        conditionalGet.onRequest,
      ] as typeof route.onRequest;
      route.onSend = [...[route.onSend ?? []].flat(), corsForRefusal] as typeof route.onSend;
    }
  });
}
