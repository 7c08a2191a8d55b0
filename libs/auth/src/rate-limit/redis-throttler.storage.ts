import { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import Redis from 'ioredis';

// Fixed window per key, atomically: the first hit of a window sets its expiry.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

/** Shares rate-limit counters between instances through REDIS_URL. */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Errors surface on the commands themselves; an 'error' listener keeps them from crashing the process.
    this.redis.on('error', () => undefined);
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const [hits, pttl] = (await this.redis.eval(SCRIPT, 1, `sf:rl:${key}`, String(ttl))) as [number, number];
    const seconds = Math.max(1, Math.ceil(pttl / 1000));
    const blocked = hits > limit;
    return {
      totalHits: hits,
      timeToExpire: seconds,
      isBlocked: blocked,
      timeToBlockExpire: blocked ? seconds : 0,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
