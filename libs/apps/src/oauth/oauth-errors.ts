import { errorForLog, toDomainError } from '@app/core';
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
