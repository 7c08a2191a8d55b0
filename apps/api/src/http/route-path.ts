import type { FastifyRequest } from 'fastify';

/**
 * The path a request is decided on (its error form, whether its answer may be cached): the route that
 * matched, as registered, however the path was spelled — or for a path that matched nothing, the decoded
 * path. A malformed escape leaves it as sent (the router answers that).
 */
export function routePath(request: FastifyRequest): string {
  const route = request.routeOptions?.url;
  if (route) return route;
  const raw = request.url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
