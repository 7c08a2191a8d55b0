import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Errors } from '@app/core';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { clientBucket } from './client-bucket.policy';
import { RateLimitCounters } from './rate-limit-counters';
import type { RateLimitWindow } from './rate-limit.store';

const AUTH_PREFIX = '/v1/auth/';
const WINDOW_MS = 60_000;
/**
 * The authenticated reads of the prefix, which do not count (contract v1.3 §1): they take no credential
 * that could be guessed (a bearer token is a signed JWT), send no mail and change nothing, and a console
 * polls them — an office behind one address exhausted the sign-in budget on its own profile. Everything
 * else under /v1/auth/ counts: the routes that take credentials, codes or tokens or send mail (login,
 * verify, exchange, refresh, the social start and callback routes, the OAuth token, revoke and
 * introspect endpoints), and any route added later until it is listed here.
 */
const NOT_COUNTED = new Set([
  'GET /v1/auth/me',
  'HEAD /v1/auth/me',
  'GET /v1/auth/sessions',
  'HEAD /v1/auth/sessions',
  'GET /v1/auth/providers',
  'HEAD /v1/auth/providers',
]);

type HookDone = (error?: Error | null, payload?: RequestPayload) => void;

/**
 * AUTH_RATE_LIMIT requests a minute per client across /v1/auth/* (one counter for the whole prefix,
 * not one per route) but its authenticated reads (NOT_COUNTED), in this process or shared through
 * Redis (REDIS_URL). Other paths are not limited here.
 *
 * It runs at the HTTP edge, as a Fastify `preParsing` hook that the composition root
 * (apps/api/src/http/route-hooks.ts) puts on every route under /v1/auth/ as the route is registered:
 * after routing and after the CORS hook (so a 429 still carries the headers a browser needs to read
 * it), before the body is read — a flood of large bodies is refused without parsing any — and before
 * the access guard, so every request counts, authenticated or not. Other routes carry no hook and pay
 * nothing.
 *
 * So the decision is made on the route that matched (its registered pattern), never on the raw request
 * target: `/v1/%61uth/login/verify` or an absolute-form target (`POST http://x/v1/auth/login/verify`)
 * reach the same handler and hit the same counter. A path that matches no route is answered 404 and
 * counts nowhere.
 *
 * The counters are the service's shared ones (RateLimitCounters): Redis only accelerates, and while it is
 * unreachable or slow they are this process's own.
 */
@Injectable()
export class AuthRateLimit {
  private readonly limit: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly store: RateLimitCounters,
  ) {
    this.limit = config.authRateLimit;
  }

  /** Whether a route is limited: decided once per route (method and pattern), when it is registered. */
  limits(method: string, url: string): boolean {
    return url.startsWith(AUTH_PREFIX) && !NOT_COUNTED.has(`${method} ${url}`);
  }

  /**
   * The preParsing hook of each limited route. The in-process store answers synchronously: no promise
   * on the request path.
   */
  readonly preParsing = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
    done: HookDone,
  ): void => {
    const counted = this.store.hit(`auth:${clientBucket(request.ip)}`, WINDOW_MS);
    if (counted instanceof Promise) {
      counted.then((window) => done(this.apply(reply, window), payload), done);
    } else {
      done(this.apply(reply, counted), payload);
    }
  };

  /**
   * The window on the answer, as the IETF RateLimit header field (draft-ietf-httpapi-ratelimit-headers):
   * `RateLimit: "auth";r=<remaining>;t=<seconds to the window's end>` — one field where the older
   * X-RateLimit-Limit/-Remaining/-Reset convention takes three on every answer. Past the limit, the 429
   * (Retry-After: the window's end).
   */
  private apply(reply: FastifyReply, window: RateLimitWindow): Error | null {
    if (window.hits > this.limit) return Errors.rateLimited(window.resetSeconds);
    reply.header('RateLimit', `"auth";r=${this.limit - window.hits};t=${window.resetSeconds}`);
    return null;
  }
}
