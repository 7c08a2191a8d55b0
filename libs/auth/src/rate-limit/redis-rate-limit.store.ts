import Redis from 'ioredis';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.store';

// Fixed window per key, atomically: the first hit of a window sets its expiry.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

/** Shares rate-limit counters between instances through REDIS_URL. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Errors surface on the commands themselves; an 'error' listener keeps them from crashing the process.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const [hits, pttl] = (await this.redis.eval(SCRIPT, 1, `sf:rl:${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { hits, resetSeconds: Math.max(1, Math.ceil(pttl / 1000)) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
