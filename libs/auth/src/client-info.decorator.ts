import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is signing in, as a session records it: the user agent and the client address (TRUST_PROXY-aware). */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export function clientInfoOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua : null, ip: request.ip ?? null };
}

/** `@ClientInfo() client: ClientInfo` — the request's user agent and client address. */
export const ClientInfo = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): ClientInfo => clientInfoOf(ctx.switchToHttp().getRequest()),
);
