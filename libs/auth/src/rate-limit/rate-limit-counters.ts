import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Dependencies } from '@app/core';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.store';
import { RedisRateLimitStore } from './redis-rate-limit.store';

/**
 * The service's one set of rate-limit counters (fixed windows by key), for every limit that counts
 * requests: the /v1/auth limit (AuthRateLimit) and the storefront's cart writes (libs/storefront). In this
 * process, or shared through Redis (REDIS_URL) with the contract's failure policy: Redis only
 * accelerates — while it is unreachable or slow the counters are this process's own (RedisRateLimitStore),
 * no answer waits on it, and `/health/ready` says `"redis": "degraded"` (the `redis` dependency monitor).
 * One connection and one monitor, however many limits count through it.
 */
@Injectable()
export class RateLimitCounters implements OnModuleInit, OnModuleDestroy {
  private readonly store: RateLimitStore;
  private readonly memory = new MemoryRateLimitStore();
  private readonly redis: RedisRateLimitStore | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig, dependencies: Dependencies) {
    // The `redis` monitor exists only when Redis is configured: readiness reports it only then.
    this.redis = config.redisUrl
      ? new RedisRateLimitStore(config.redisUrl, this.memory, dependencies.monitor('redis', 'warn'))
      : null;
    this.store = this.redis ?? this.memory;
  }

  async onModuleInit(): Promise<void> {
    await this.redis?.start();
  }

  /**
   * One more hit on `key`'s window. The in-process store answers synchronously (no promise on the
   * request path); Redis answers within its command timeout, else from the in-process counters.
   */
  hit(key: string, windowMs: number): RateLimitWindow | Promise<RateLimitWindow> {
    return this.store.hit(key, windowMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis?.close();
    this.memory.close();
  }
}
