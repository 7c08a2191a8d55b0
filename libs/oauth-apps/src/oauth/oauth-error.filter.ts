import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import { APP_LOGGER, errorForLog, PROBLEM_CONTENT_TYPE, toDomainError } from '@app/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

export const OAUTH_PATH_PREFIX = '/v1/auth/oauth/';

/** RFC 6749 §5.2 limits error_description to printable ASCII without `"` and `\`. */
const describe = (text: string) => text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '').slice(0, 300);

/** Problem codes of the shared edge, as the nearest RFC 6749 error (status kept unless noted). */
const AS_OAUTH: Record<string, { error: string; status?: number }> = {
  validation_failed: { error: 'invalid_request' },
  malformed_body: { error: 'invalid_request' },
  bad_request: { error: 'invalid_request' },
  unsupported_media_type: { error: 'invalid_request', status: 400 },
  payload_too_large: { error: 'invalid_request' },
  unavailable: { error: 'temporarily_unavailable' },
  internal_error: { error: 'server_error' },
};

function oauthHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache');
}

/**
 * Writes any error of an OAuth endpoint (`/v1/auth/oauth/*`) in the RFC 6749 §5.2 form
 * `{ error, error_description }` — also the shared edge's errors (malformed body, body too large,
 * rate limit, database down), so an OAuth client library never meets problem+json.
 */
export function sendOAuthError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  const domain = toDomainError(exception);
  let status = 500;
  let error = 'server_error';
  let description = 'Something went wrong on our side.';
  if (!domain) {
    logger.error({ reqId: request.id, err: errorForLog(exception) }, 'unhandled error');
  } else {
    const mapped = AS_OAUTH[domain.code];
    status = mapped?.status ?? domain.status;
    error = mapped?.error ?? domain.code;
    description = domain.options.detail ?? domain.title;
    if (domain.code === 'unavailable') {
      logger.warn(
        { reqId: request.id, err: { message: (exception as Error)?.message } },
        'database unavailable',
      );
    }
    for (const [name, value] of Object.entries(domain.headers)) reply.header(name, value);
    if (domain.options.retryAfter !== undefined)
      reply.header('Retry-After', String(domain.options.retryAfter));
  }
  if (reply.sent) return;
  oauthHeaders(reply.status(status)).send({ error, error_description: describe(description) });
}

/**
 * Fastify onSend hook: a problem+json answer on an OAuth path becomes `{ error, error_description }`.
 * It catches what the shared edge refuses before the OAuth controller (and its filter) run — a
 * malformed or oversized body, a media type that is neither JSON nor a form, an unknown OAuth path —
 * so the status and headers (Retry-After, WWW-Authenticate) stay, only the form changes.
 */
export function oauthEdgeErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const type = reply.getHeader('content-type');
  if (
    !request.url.startsWith(OAUTH_PATH_PREFIX) ||
    typeof type !== 'string' ||
    !type.startsWith(PROBLEM_CONTENT_TYPE)
  ) {
    return done(null, payload);
  }
  let problem: { code?: unknown; detail?: unknown; title?: unknown };
  try {
    problem = JSON.parse(String(payload)) as typeof problem;
  } catch {
    return done(null, payload);
  }
  const code = typeof problem.code === 'string' ? problem.code : 'server_error';
  const mapped = AS_OAUTH[code];
  if (mapped?.status) reply.status(mapped.status);
  oauthHeaders(reply);
  const detail = typeof problem.detail === 'string' ? problem.detail : String(problem.title ?? '');
  done(null, JSON.stringify({ error: mapped?.error ?? code, error_description: describe(detail) }));
}

/** Bound to the OAuth controller, ahead of the global problem+json filter. */
@Catch()
export class OAuthErrorFilter implements ExceptionFilter {
  constructor(@Inject(APP_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendOAuthError(
      exception,
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      this.logger,
    );
  }
}
