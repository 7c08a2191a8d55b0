import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { APP_CONFIG, AppConfig, Caller, isUuid } from '@app/core';
import { Strategy } from 'passport-jwt';
import { SessionLiveness } from '../sessions/session-liveness';
import { claimsOf, signingKey } from '../tokens/access-token.service';
import { APP_TOKEN_RESOLVER, AppTokenResolver, BearerRequest } from './bearer.strategy';

export const JWT_STRATEGY = 'jwt';

/**
 * The platform's JWTs (account and app access tokens), verified by passport-jwt: HS256 pinned, the key
 * a KeyObject imported once (given a string, jsonwebtoken would re-import it on every request), issuer
 * = PUBLIC_URL, exp/nbf checked. Then the revocation read of the token's kind: an account token's
 * session (with the account itself on @WithAccountProfile routes, and the caller's membership of the
 * route's store on @StoreAccess routes, in the same query), an app
 * token through the app-token resolver. Answers the caller, or false for a dead or foreign token.
 */
@Injectable()
export class JwtBearerStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionLiveness,
    @Optional() @Inject(APP_TOKEN_RESOLVER) private readonly apps: AppTokenResolver | null,
  ) {
    const key = signingKey(config);
    super({
      // The guard has already parsed and checked the Authorization header.
      jwtFromRequest: (request: BearerRequest) => request.bearerToken ?? null,
      // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject (its types say string | Buffer).
      secretOrKeyProvider: (_request: unknown, _token: unknown, done: (e: null, key: never) => void) =>
        done(null, key as never),
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      passReqToCallback: true,
    });
  }

  async validate(request: BearerRequest, payload: unknown): Promise<Caller | false> {
    const claims = claimsOf(payload);
    if (!claims) return false;
    if (claims.typ === 'app') return (this.apps && (await this.apps.resolve(claims))) || false;
    if (!isUuid(claims.sub) || !isUuid(claims.sid) || !isUuid(claims.jti)) return false;
    const caller = {
      kind: 'account' as const,
      accountId: claims.sub,
      sessionId: claims.sid,
      jti: claims.jti,
    };
    if (request.store) {
      const live = await this.sessions.liveMember(
        claims.sub,
        claims.sid,
        request.store,
        request.withAccountProfile === true,
      );
      return live ? { ...caller, ...live } : false;
    }
    if (request.stepUp) {
      const live = await this.sessions.liveStepUp(claims.sub, claims.sid);
      return live ? { ...caller, stepUpNeeded: live.stepUpNeeded } : false;
    }
    if (request.withAccountProfile) {
      const profile = await this.sessions.liveProfile(claims.sub, claims.sid);
      return profile ? { ...caller, profile } : false;
    }
    return (await this.sessions.isLive(claims.sub, claims.sid)) ? caller : false;
  }
}
