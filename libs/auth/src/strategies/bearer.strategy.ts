import type { Caller } from '@app/core';
import passport from 'passport';
import type { AppClaims } from '../tokens/access-token.service';

/**
 * The bearer token kinds the global guard knows, wired in the composition root (apps/api's
 * app.module.ts): each gives the passport strategy that verifies it, chosen by the token's prefix; the
 * kind without a prefix (the platform's JWTs) takes every other token.
 */
export const BEARER_TOKEN_KINDS = Symbol('BEARER_TOKEN_KINDS');
export interface BearerTokenKind {
  /** The strategy instance (a PassportStrategy provider of this application). */
  strategy: passport.Strategy;
  /** Opaque tokens of this kind start with it (e.g. `sfp_`); absent for the JWT kind. */
  prefix?: string;
}

/**
 * What turns a verified `typ: app` JWT into a caller (libs/apps: the app, its secret generation and
 * the jti are checked on every request). Provided in the composition root; without one, app tokens are
 * refused.
 */
export const APP_TOKEN_RESOLVER = Symbol('APP_TOKEN_RESOLVER');
export interface AppTokenResolver {
  resolve(claims: AppClaims): Promise<Caller | null>;
}

/**
 * What the guard hands a strategy in place of the HTTP request: the token it parsed from the
 * Authorization header, and what the route asks for.
 */
export interface BearerRequest {
  bearerToken?: string;
  /** The route wants the account read in the same query as the revocation check (@WithAccountProfile). */
  withAccountProfile?: boolean;
  /**
   * A store route (@StoreAccess): the caller's membership of the store found by `locator` from `value`
   * (a uuid) is read in the same query as the revocation check.
   */
  store?: { locator: string; value: string };
  /** (v1.4) A @StepUp route: whether this session must step up is read in the same query. */
  stepUp?: boolean;
}

type Verified = (error: unknown, caller?: Caller | false | null) => void;

/**
 * A passport strategy for opaque bearer tokens: the token the guard parsed from the Authorization
 * header goes to `verify` (PassportStrategy's `validate`), which answers the caller or false.
 */
export class OpaqueBearerStrategy extends passport.Strategy {
  constructor(private readonly verify: (token: string, done: Verified) => void) {
    super();
  }

  override authenticate(request: object): void {
    const token = (request as BearerRequest).bearerToken;
    if (!token) return this.fail(401);
    this.verify(token, (error, caller) => {
      if (error) return this.error(error);
      if (!caller) return this.fail(401);
      this.success(caller);
    });
  }
}
