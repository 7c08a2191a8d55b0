import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import { APP_LOGGER, sendProblem } from '@app/core';
import { OAUTH_PATH_PREFIX, sendOAuthError } from '@app/apps';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { routePath } from './route-path';

const AUTHORIZE_PATH = `${OAUTH_PATH_PREFIX}authorize`;

type ErrorWriter = (error: unknown, request: FastifyRequest, reply: FastifyReply, logger: Logger) => void;

/**
 * Which error form each part of the API speaks, chosen once, by route prefix: the OAuth endpoints answer
 * in the RFC 6749 form (`{ error, error_description }`), everything else in RFC 9457 problem+json. (The
 * Storefront GraphQL endpoint answers in GraphQL's own form through Apollo and its HTTP hook.) Every
 * error of the HTTP stack — Nest's exception filter, Fastify's error handler for refused bodies, its
 * framework errors for malformed URLs — goes through `writeError`, so an answer is written once, in the
 * right form, and never rewritten afterwards.
 */
const TRANSPORTS: { prefix: string; write: ErrorWriter }[] = [
  // The authorization endpoint (§13) is a browser's, not an OAuth client library's: the errors it cannot
  // redirect (unknown client, unregistered redirect_uri) are problem+json, as the contract says.
  { prefix: AUTHORIZE_PATH, write: sendProblem },
  { prefix: OAUTH_PATH_PREFIX, write: sendOAuthError },
];

export function writeError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  const path = routePath(request);
  const transport = TRANSPORTS.find((t) => path.startsWith(t.prefix));
  (transport?.write ?? sendProblem)(error, request, reply, logger);
}

/**
 * The adapter's `frameworkErrors`: errors Fastify raises before routing (a path with malformed
 * percent-encoding or invalid UTF-8, an over-long path parameter) answer in problem+json like everything
 * else.
 */
export function frameworkErrorWriter(logger: Logger) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    // Before routing, no hook has run: the request id is set here.
    reply.header('X-Request-Id', request.id);
    writeError(error, request, reply, logger);
  };
}

/** Errors raised by Fastify before Nest sees the request (body too large, bad JSON, bad media type). */
export function addErrorHandler(fastify: FastifyInstance, logger: Logger): void {
  fastify.setErrorHandler((error, request, reply) =>
    writeError(error, request as FastifyRequest, reply, logger),
  );
}

/** The global exception filter: Nest's errors (handlers, guards, pipes, unknown routes) → writeError. */
@Catch()
export class TransportErrorFilter implements ExceptionFilter {
  constructor(@Inject(APP_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    writeError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}
