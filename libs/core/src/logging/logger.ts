import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

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
  'code',
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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** Routes Nest's own log calls into the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
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
