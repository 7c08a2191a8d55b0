import type { RateLimitStore, RateLimitWindow } from './rate-limit.store';

/**
 * In-process fixed-window counters (the same semantics as RedisRateLimitStore): a counter and an expiry
 * per key, the same cost at any volume. (@nestjs/throttler's in-memory storage, used before, kept one
 * timestamp per hit and filtered the whole array on every request: 37 µs per call with 1,000 hits in the
 * window, ~1 ms with 20,000.)
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { hits: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    // Forget windows that have ended, so one-off clients do not accumulate.
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  hit(key: string, windowMs: number): RateLimitWindow {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.expiresAt <= now) {
      window = { hits: 0, expiresAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.hits++;
    return { hits: window.hits, resetSeconds: Math.max(1, Math.ceil((window.expiresAt - now) / 1000)) };
  }

  /** A key's window as it stands, without counting a hit (undefined when it has none or it ended). */
  peek(key: string): RateLimitWindow | undefined {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.expiresAt <= now) return undefined;
    return { hits: window.hits, resetSeconds: Math.max(1, Math.ceil((window.expiresAt - now) / 1000)) };
  }

  /** How many windows are held (ended ones included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
