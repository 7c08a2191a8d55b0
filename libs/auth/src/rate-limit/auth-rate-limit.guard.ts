import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';

/**
 * AUTH_RATE_LIMIT requests a minute per client IP across all of /v1/auth/* (one counter for the whole
 * prefix, not one per route); other paths are not limited here.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return !request.url.startsWith('/v1/auth/');
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return String((request as unknown as FastifyRequest).ip ?? 'unknown');
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `auth:${name}:${tracker}`;
  }
}
