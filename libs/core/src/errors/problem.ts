import { HttpException, HttpStatus } from '@nestjs/common';
import { codeForStatus } from './error-table';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './database-errors';
import { DomainError, Errors } from './domain-error';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Turns anything thrown while serving a request into the DomainError the client should see. */
export function toDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === HttpStatus.NOT_FOUND) return Errors.notFound('not_found', 'No such route.');
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) return Errors.payloadTooLarge();
    if (status === HttpStatus.TOO_MANY_REQUESTS)
      return new DomainError('rate_limited', 'Too many requests; retry later.');
    if (status < 500) return new DomainError(codeForStatus(status), error.message);
    return null;
  }
  const fastifyError = error as { code?: unknown; statusCode?: unknown };
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')) {
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return Errors.payloadTooLarge();
    if (fastifyError.code === 'FST_ERR_BAD_URL') {
      return Errors.validation([
        { field: 'path', message: 'is not a valid URL (malformed percent-encoding or invalid UTF-8)' },
      ]);
    }
    // A path parameter longer than any id we issue names nothing that exists.
    if (fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return Errors.notFound('not_found', 'No such route.');
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMediaType();
    if (/^FST_ERR_CTP_(INVALID_JSON_BODY|EMPTY_JSON_BODY|INVALID_CONTENT_LENGTH)$/.test(fastifyError.code)) {
      return Errors.malformedBody();
    }
    const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
    if (status >= 400 && status < 500)
      return new DomainError(codeForStatus(status), 'The request could not be processed.');
  }
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return Errors.malformedBody();
  }
  if (isDatabaseUnavailable(error)) return Errors.unavailable();
  return null;
}

/**
 * What of an unexpected error may be logged: name, message, code and stack only. A driver error
 * (TypeORM's QueryFailedError, pg's DatabaseError) also carries the query, its parameters (a customer's
 * e-mail, a hashed secret) and a `detail` that quotes the failing row: none of that reaches a log.
 */
export function errorForLog(error: unknown): {
  name?: string;
  message?: string;
  code?: unknown;
  stack?: string;
} {
  const e = error as { name?: string; message?: string; code?: unknown; stack?: string } | null | undefined;
  return { name: e?.name, message: e?.message, code: e?.code, stack: e?.stack };
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  requestId: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

export function problemBody(error: DomainError, requestId: string): ProblemBody {
  return {
    ...(error.options.extensions ?? {}),
    type: `https://storefront.dev/problems/${error.code.replace(/_/g, '-')}`,
    title: error.title,
    status: error.status,
    detail: error.options.detail ?? error.title,
    code: error.code,
    requestId,
    ...(error.options.errors ? { errors: error.options.errors } : {}),
  };
}

const internal = new DomainError(
  'internal_error',
  'Something went wrong on our side. Quote the requestId if you contact support.',
);

/** The one 415 of the API (bodies that are neither JSON nor, on the OAuth endpoints, a form). */
export const unsupportedMediaType = () =>
  new DomainError(
    'unsupported_media_type',
    'Send application/json (the OAuth endpoints also take application/x-www-form-urlencoded).',
  );

/** Writes the problem+json answer for any error; logs what the client must not see. */
export function sendProblem(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  let domain = toDomainError(error);
  if (!domain) {
    logger.error({ reqId: request.id, err: errorForLog(error) }, 'unhandled error');
    domain = internal;
  } else if (domain.logLevel !== 'none') {
    logger[domain.logLevel](
      { reqId: request.id, code: domain.code, err: { message: (error as Error)?.message } },
      domain.title,
    );
  }
  if (reply.sent) return;
  for (const [name, value] of Object.entries(domain.headers)) reply.header(name, value);
  if (domain.options.retryAfter !== undefined) reply.header('Retry-After', String(domain.options.retryAfter));
  reply
    .status(domain.status)
    .header('Content-Type', PROBLEM_CONTENT_TYPE)
    .send(problemBody(domain, request.id));
}
