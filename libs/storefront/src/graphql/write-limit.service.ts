import { Inject, Injectable } from '@nestjs/common';
import { clientBucket, RateLimitCounters } from '@app/auth';
import { APP_CONFIG, AppConfig, callerKey, Errors } from '@app/core';
import type { StorefrontContext } from './storefront.context';

const WINDOW_MS = 60_000;

/**
 * STOREFRONT_WRITE_RATE_LIMIT cart writes (and checkouts) a minute per client address and token pair
 * (for an installed app: address and installation): a shopper's browser behind one address cannot flood a store's carts with its public
 * token, and one busy address (an office, a mobile carrier's NAT) does not exhaust another token's budget.
 * Each cart mutation counts once — a request with two aliased mutations counts twice. Past the limit the
 * field fails with RATE_LIMITED and `extensions.retryAfter` (seconds to the window's end).
 *
 * The counters are the service's shared ones (RateLimitCounters, also the /v1/auth limit's): in this
 * process, or in Redis when REDIS_URL is set — and Redis only accelerates: while it is unreachable or
 * slow the counts are this process's own and no write waits on it. An idempotent replay runs no resolver,
 * so it does not count.
 */
@Injectable()
export class StorefrontWriteLimit {
  private readonly limit: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly counters: RateLimitCounters,
  ) {
    this.limit = config.storefrontWriteRateLimit;
  }

  async count({ req, caller }: StorefrontContext): Promise<void> {
    // Per token, and for an app per store and installation (callerKey): one app installed by many stores
    // has a budget in each.
    const window = await this.counters.hit(
      `storefront-write:${clientBucket(req.ip)}:${callerKey(caller)}`,
      WINDOW_MS,
    );
    if (window.hits > this.limit) {
      throw Errors.rateLimited(
        window.resetSeconds,
        `At most ${this.limit} cart writes a minute from one address with one token; retry later.`,
      );
    }
  }
}
