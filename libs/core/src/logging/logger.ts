import { LoggerService } from '@nestjs/common';
import { hostname } from 'node:os';
import pino, { Logger } from 'pino';
import { traceFields, tracingEnabled } from '../observability/tracing';
import { serviceVersion } from '../observability/version';

/**
 * Structured JSON logs. Nothing that could carry a credential is ever logged: request logs carry the
 * path without its query string and no headers or bodies; the redact list is a second line of defence
 * for objects someone passes in by mistake.
 */
export const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'headers.cookie',
  '*.headers.cookie',
  'otp',
  '*.otp',
  // An OAuth authorization code or PKCE verifier, where a request's query or body could be passed in.
  // Not a bare `code`: that is an error's code (`invalid_otp`, `ECONNREFUSED`), which must be readable.
  'query.code',
  '*.query.code',
  'body.code',
  '*.body.code',
  'code_verifier',
  '*.code_verifier',
  '*.code_hash',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'client_secret',
  '*.client_secret',
  'clientSecret',
  '*.clientSecret',
  'secret',
  '*.secret',
  'password',
  '*.password',
];

/**
 * Every line carries `hostname`, `pid` and the service `version` (serialised once, at creation: pino
 * writes its bindings as a ready-made string). With tracing on, every line written inside a traced
 * request also carries its `traceId` and `spanId`; with tracing off no mixin is installed at all.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, hostname: hostname(), version: serviceVersion() },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      ...(tracingEnabled() ? { mixin: traceFields } : {}),
    },
    destination,
  );
}

/**
 * Where the process's log goes: JSON lines on stdout (what production and every log collector read),
 * except for a person at a terminal in development — stdout is a TTY and NODE_ENV is not production —
 * who gets pino-pretty's readable, coloured lines (time, level, message, then the fields). Loaded only
 * then: production never requires it. `undefined` means pino's own stdout.
 */
export function terminalDestination(
  config: { production: boolean },
  stdout: { isTTY?: boolean } = process.stdout,
  /** Where the readable lines go (stdout, file descriptor 1); a stream in tests. */
  to: NodeJS.WritableStream | number = 1,
): pino.DestinationStream | undefined {
  if (config.production || !stdout.isTTY) return undefined;
  const pretty = require('pino-pretty') as typeof import('pino-pretty');
  return pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // Every line's hostname, pid and version say nothing at a developer's terminal.
    ignore: 'pid,hostname,version',
    sync: true,
    destination: to,
  });
}

/**
 * Routes Nest's own log calls into the same pino logger. Nest's `log` is its start-up chatter — a line
 * per module initialised and per route mapped, about a hundred on every start, none of which an operator
 * acts on — so it goes to `debug`; its warnings and errors stay what they are. The start is told by the
 * service's own "Storefront API listening" line (apps/api/src/main.ts).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const APP_LOGGER = Symbol('APP_LOGGER');
