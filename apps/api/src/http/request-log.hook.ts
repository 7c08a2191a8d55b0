import { Caller, callerLabel, loggablePath } from '@app/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * One structured line per request: path without its query string (which could carry a token) and with
 * a secret path segment redacted (loggablePath: the invitation page's token, as in trace spans), the
 * client address (request.ip, after TRUST_PROXY), who called (`account:<id>`, `app:<id>`,
 * `public_token:<id>`: ids, never a token) and the user agent; no other header, no bodies. Its fields
 * are fixed and none is a name on the redact list, so it goes through a child logger without the
 * redaction pass — same output, but the redaction cost ~25–30 µs per line, the largest part of the
 * per-request logging cost (see bench/README.md).
 * The level is fixed at start (LOG_LEVEL): above info, no request is logged and no hook is added.
 */
export function addRequestLog(fastify: FastifyInstance, logger: Logger): void {
  const requestLog = logger.child({}, { redact: [] });
  if (!requestLog.isLevelEnabled('info')) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    requestLog.info(
      {
        reqId: request.id,
        method: request.method,
        path: loggablePath(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        caller: callerLabel((request as FastifyRequest & { caller: Caller | null }).caller),
        userAgent: request.headers['user-agent'],
      },
      'request',
    );
    done();
  });
}
