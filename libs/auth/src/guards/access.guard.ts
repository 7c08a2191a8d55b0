import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_METADATA, ACCOUNT_PROFILE_METADATA, AccessRule, Caller, Errors, isUuid } from '@app/core';
import type { FastifyRequest } from 'fastify';
import { AccessTokenService, TokenRejected } from '../tokens/access-token.service';
import { AccountRevocation } from './account-revocation';
import { CallerResolvers } from './caller-resolvers';

const QUERY_TOKEN_PARAMS = ['access_token', 'token', 'refresh_token'];

/**
 * The one global guard: works out who is calling and whether the route accepts that kind of caller.
 * Deny by default — a route that declares nothing is closed. Every authenticated request does its
 * revocation read, so a revoked token is refused on the very next request, on every instance.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly accountRevocation: AccountRevocation,
    private readonly resolvers: CallerResolvers,
  ) {}

  // Not async: a public route (health probes, sign-in) is answered without a promise in between.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule?.public) return true;
    return this.check(context, rule);
  }

  private async check(
    context: ExecutionContext,
    rule: Exclude<AccessRule, { public: true }> | undefined,
  ): Promise<boolean> {
    if (context.getType<string>() === 'graphql') {
      // GraphQL resolvers (the storefront, libs/storefront): the request was already authenticated —
      // revocation read included — by the storefront's HTTP hook, which answers 401/403 in GraphQL form
      // before Apollo runs and leaves the caller on the request. Here we only require that it did and
      // that the resolver accepts that kind of caller; still deny by default (no rule → refused).
      const gqlContext = context.getArgByIndex<{ req?: { caller?: Caller } } | undefined>(2);
      const caller = gqlContext?.req?.caller;
      if (!caller) throw Errors.unauthenticated();
      if (!rule || !rule.kinds.includes(caller.kind)) throw Errors.insufficientScope();
      return true;
    }
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: Caller }>();
    // Only account routes can ask for the account to be read with the session check.
    const withProfile =
      rule?.kinds.includes('account') === true &&
      this.reflector.get<boolean | undefined>(ACCOUNT_PROFILE_METADATA, context.getHandler()) === true;
    const caller = await this.authenticate(request, withProfile);
    if (!rule || !rule.kinds.includes(caller.kind)) throw Errors.insufficientScope();
    request.caller = caller;
    return true;
  }

  /** Resolves the bearer token to a live caller, or throws 401. Exposed for the GraphQL context. */
  async authenticate(request: FastifyRequest, withProfile = false): Promise<Caller> {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && QUERY_TOKEN_PARAMS.some((p) => p in query)) {
      throw Errors.invalidToken(
        'Tokens are not accepted in the query string; send an Authorization: Bearer header.',
      );
    }
    const header = request.headers.authorization;
    if (!header) throw Errors.unauthenticated();
    const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
    if (!match) throw Errors.invalidToken('The Authorization header must be "Bearer <token>".');
    const caller = await this.resolve(match[1], withProfile);
    if (!caller) throw Errors.invalidToken();
    return caller;
  }

  private async resolve(token: string, withProfile: boolean): Promise<Caller | null> {
    const opaque = this.resolvers.opaque.find((r) => token.startsWith(r.prefix));
    if (opaque) return opaque.resolve(token);
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      if (error instanceof TokenRejected) return null;
      throw error;
    }
    if (claims.typ === 'account') {
      if (!isUuid(claims.sub) || !isUuid(claims.sid) || !isUuid(claims.jti)) return null;
      const caller = {
        kind: 'account' as const,
        accountId: claims.sub,
        sessionId: claims.sid,
        jti: claims.jti,
      };
      if (withProfile) {
        const profile = await this.accountRevocation.liveProfile(claims.sub, claims.sid, claims.jti);
        return profile ? { ...caller, profile } : null;
      }
      return (await this.accountRevocation.isLive(claims.sub, claims.sid, claims.jti)) ? caller : null;
    }
    return this.resolvers.app ? this.resolvers.app.resolve(claims) : null;
  }
}
