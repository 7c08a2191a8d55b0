import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { clientBucket } from './client-bucket';

const AUTH_PREFIX = '/v1/auth/';

/**
 * @nestjs/throttler's guard, counting per client bucket under one key for the whole prefix. One named
 * throttler with numeric limits and no per-route @Throttle/@SkipThrottle, so a request goes straight to
 * the guard's handleRequest (counter, X-RateLimit-* headers, 429 with Retry-After) without the generic
 * canActivate's five metadata lookups and value resolutions per request.
 */
@Injectable()
export class AuthThrottler extends ThrottlerGuard {
  private readonly trackerOf = (request: Record<string, unknown>) => this.getTracker(request);
  private readonly keyOf = (context: ExecutionContext, tracker: string, name: string) =>
    this.generateKey(context, tracker, name);

  override canActivate(context: ExecutionContext): Promise<boolean> {
    const [throttler] = this.throttlers;
    const ttl = Number(throttler.ttl);
    return this.handleRequest({
      context,
      throttler,
      limit: Number(throttler.limit),
      ttl,
      blockDuration: Number(throttler.blockDuration ?? ttl),
      getTracker: this.trackerOf,
      generateKey: this.keyOf,
    });
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return clientBucket((request as unknown as FastifyRequest).ip);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `auth:${name}:${tracker}`;
  }
}

/**
 * AUTH_RATE_LIMIT requests a minute per client across all of /v1/auth/* (one counter for the whole
 * prefix, not one per route); other paths are not limited here.
 *
 * The decision is made on the route that matched (`routeOptions.url`, the registered pattern), never
 * on the raw request target: `/v1/%61uth/login/verify` or an absolute-form target
 * (`POST http://x/v1/auth/login/verify`) reach the same handler and must hit the same counter.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  constructor(private readonly throttler: AuthThrottler) {}

  // Global, so it sees every request; routes outside /v1/auth pass at once, without the throttler's
  // asynchronous machinery (a promise per guard shows in the per-request cost: bench/README.md).
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return limited(context) ? this.throttler.canActivate(context) : true;
  }
}

function limited(context: ExecutionContext): boolean {
  if (context.getType() !== 'http') return false;
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return (request.routeOptions.url ?? '').startsWith(AUTH_PREFIX);
}
