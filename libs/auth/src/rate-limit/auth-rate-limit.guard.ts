import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { clientBucket } from './client-bucket';

const AUTH_PREFIX = '/v1/auth/';

/**
 * AUTH_RATE_LIMIT requests a minute per client across all of /v1/auth/* (one counter for the whole
 * prefix, not one per route); other paths are not limited here.
 *
 * The decision is made on the route that matched (`routeOptions.url`, the registered pattern), never
 * on the raw request target: `/v1/%61uth/login/verify` or an absolute-form target
 * (`POST http://x/v1/auth/login/verify`) reach the same handler and must hit the same counter.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return !(request.routeOptions.url ?? '').startsWith(AUTH_PREFIX);
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return clientBucket((request as unknown as FastifyRequest).ip);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `auth:${name}:${tracker}`;
  }
}
