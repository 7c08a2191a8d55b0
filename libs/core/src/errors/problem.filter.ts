import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../logging/logger';
import { sendProblem } from './problem';

/** The one place where errors become HTTP answers (RFC 9457 problem+json). */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(@Inject(APP_LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    sendProblem(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
  }
}
