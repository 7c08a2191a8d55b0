import { Inject, Injectable } from '@nestjs/common';
import { AccessGuard } from '@app/auth';
import { APP_LOGGER, Caller, errorForLog, graphqlCodeFor, toDomainError } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

export const STOREFRONT_GRAPHQL_PATH = '/v1/storefront/graphql';

/** The request after this hook: `caller` is the app or public token's caller, resolved on this request. */
export type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

/**
 * Authentication of the storefront endpoint, at the HTTP level and before Apollo runs:
 * no or bad token → HTTP 401 `UNAUTHENTICATED`, an account token → HTTP 403 `FORBIDDEN`, both in the
 * GraphQL error shape rather than problem+json. It uses the global guard's own `authenticate`, so the
 * revocation read of every token kind happens on every request: a revoked or rotated token, or one whose
 * store is gone, is refused on the very next request. The caller it attaches is the one the global
 * AccessGuard then checks for GraphQL resolvers (see access.guard.ts), and the GraphQL context carries.
 *
 * A Fastify onRequest hook (not a Nest guard) because guards run inside GraphQL execution, where
 * the HTTP status can no longer say 401/403; onRequest also refuses before the body is even parsed.
 * It is a hook of the storefront route alone, put on it as the route is registered, beside the /v1/auth
 * rate limit (apps/api/src/http/route-hooks.ts): every other request of the service carries no hook for
 * it. Route hooks run after the global ones, so refusals still carry the CORS headers a browser needs to
 * read them.
 */
@Injectable()
export class StorefrontHttpAuth {
  constructor(
    private readonly guard: AccessGuard,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  /** The onRequest hook of the storefront route. */
  // Callback style, not async: Fastify need not wait on a promise when a preflight passes through.
  readonly onRequest = (
    request: AuthenticatedRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ): void => {
    if (request.method === 'OPTIONS') return done();
    // A refused request has been answered here: Fastify must not go on to the handler.
    this.authenticate(request, reply).then((passed) => passed && done(), done);
  };

  /** Attaches the caller and answers true, or answers the refusal on the reply and false. */
  private async authenticate(request: AuthenticatedRequest, reply: FastifyReply): Promise<boolean> {
    let caller: Caller;
    try {
      caller = await this.guard.authenticate(request);
    } catch (error) {
      this.refuse(request, reply, error);
      return false;
    }
    if (caller.kind === 'account') {
      send(
        reply,
        403,
        graphqlCodeFor('forbidden'),
        'Account tokens cannot call the storefront API; use an app or public token.',
      );
      return false;
    }
    if (caller.kind === 'public' && !originAllowed(caller.allowedOrigins, request.headers.origin)) {
      send(
        reply,
        403,
        graphqlCodeFor('forbidden'),
        'This public token may not be used from this origin (see its allowedOrigins).',
      );
      return false;
    }
    request.caller = caller;
    return true;
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
    const domain = toDomainError(error);
    if (domain && domain.status === 401) {
      for (const [name, value] of Object.entries(domain.headers)) reply.header(name, value);
      return send(
        reply,
        401,
        graphqlCodeFor(domain.code),
        domain.options.detail ?? 'A valid bearer token is required.',
      );
    }
    if (domain?.code === 'unavailable') {
      this.logger.warn(
        { reqId: request.id, err: { message: (error as Error)?.message } },
        'database unavailable',
      );
      reply.header('Retry-After', String(domain.options.retryAfter ?? 5));
      return send(reply, 503, graphqlCodeFor(domain.code), domain.options.detail ?? 'Service unavailable.');
    }
    if (domain && domain.status < 500) {
      return send(reply, domain.status, graphqlCodeFor(domain.code), domain.options.detail ?? domain.title);
    }
    this.logger.error({ reqId: request.id, err: errorForLog(error) }, 'storefront authentication failed');
    return send(reply, 500, graphqlCodeFor('internal_error'), 'Internal server error.');
  }
}

/**
 * (v1.3) A public token that lists origins is refused from any other: a browser always sends `Origin` on a
 * cross-origin request (and on every POST), so a page elsewhere cannot use a token copied from the
 * store's site. A request without `Origin` (a server, curl) is not a browser's, and the list does not
 * apply to it — the token is public by design, the list keeps other sites' pages from spending it.
 */
function originAllowed(allowed: string[] | undefined, origin: string | undefined): boolean {
  if (!allowed?.length || origin === undefined) return true;
  return allowed.includes(origin);
}

function send(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .send({ errors: [{ message, extensions: { code } }] });
}
