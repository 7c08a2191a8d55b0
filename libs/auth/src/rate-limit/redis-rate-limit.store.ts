import type { DependencyMonitor } from '@app/core';
import Redis from 'ioredis';
import type { MemoryRateLimitStore } from './memory-rate-limit.store';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.store';

// Fixed window per key, atomically: the first hit of a window sets its expiry.
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;

/** The most any Redis command may take before the request goes on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How often a Redis that is connected but was failing is tried again (with the real script). */
const PROBE_INTERVAL_MS = 1_000;
/** Reconnect backoff: 50 ms doubling to this cap, with jitter so instances do not reconnect in step. */
const RECONNECT_CAP_MS = 1_000;
/** The longest the service waits at start for the first verdict on Redis (then it serves regardless). */
const START_WAIT_MS = 1_500;
const PROBE_KEY = 'sf:rl:probe';

/**
 * Shares rate-limit counters between instances through REDIS_URL — as an accelerator, never a single
 * point of failure. While Redis answers, every hit is counted there. When a command fails or takes
 * longer than 500 ms, or the connection drops, the outage is reported once (`redis unavailable`, warn)
 * and from then on hits are counted in this process (the `fallback` store, synchronously: no request
 * waits on a Redis known to be gone) until a background probe — the same script on a key of its own,
 * run when the connection is ready again and every second while it is connected — succeeds
 * (`redis available again`, info).
 *
 * When Redis comes back, the hits counted here during the outage are not pushed into Redis (every
 * instance would have to merge its own windows); instead each answer adds this process's still-open
 * window of a key to what Redis says, until that window ends (at most one window, a minute). A client
 * that spent its budget during the outage is not handed a fresh one by Redis's return; a client spread
 * over several instances may get up to one extra per-instance budget in that minute.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private probeTimer: NodeJS.Timeout | null = null;
  private probing = false;
  private closing = false;
  private lastError: Error | undefined;
  private readonly firstVerdict: Promise<void>;
  private settle!: () => void;
  /** True once an outage has ended: from then on the outage's local windows are added to Redis's. */
  private carryOver = false;

  constructor(
    url: string,
    private readonly fallback: MemoryRateLimitStore,
    private readonly monitor: DependencyMonitor,
  ) {
    this.firstVerdict = new Promise<void>((resolve) => (this.settle = resolve));
    this.redis = new Redis(url, {
      lazyConnect: true,
      // A command never waits for a connection: none queued while disconnected, none retried after a
      // drop (the request has already been answered from the local counters by then).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
      // A connection given up on is ended politely first; a stalled peer never acknowledges that, so it
      // is destroyed (and a new one made) after this long rather than ioredis's default 2 s.
      disconnectTimeout: REDIS_COMMAND_TIMEOUT_MS,
      // No CLIENT SETINFO round trips before the ready check (older servers refuse them anyway).
      disableClientInfo: true,
      retryStrategy: (attempt) =>
        Math.min(50 * 2 ** Math.min(attempt - 1, 10), RECONNECT_CAP_MS) * (0.8 + Math.random() * 0.4),
    });
    // Connection-level trouble (refused, connect timeout, a handshake or ready check that timed out):
    // an outage. Without a listener an 'error' event would crash the process.
    this.redis.on('error', (error: Error) => {
      this.lastError = error;
      this.markDown(error);
    });
    this.redis.on('close', () => this.markDown(this.lastError ?? new Error('connection closed')));
    this.redis.on('ready', () => void this.probe());
  }

  /**
   * Connects and waits (at most 1.5 s) for the first verdict — ready and answering, or failing — so
   * the first requests neither log a false outage nor wait on the connection.
   */
  async start(): Promise<void> {
    this.redis.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstVerdict,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, START_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  hit(key: string, windowMs: number): RateLimitWindow | Promise<RateLimitWindow> {
    if (this.monitor.state !== 'up') return this.fallback.hit(key, windowMs);
    if (this.redis.status !== 'ready') {
      // Dropped since the last answer (and the 'close' is still on its way), or never connected.
      this.markDown(this.lastError ?? new Error(`connection ${this.redis.status}`));
      return this.fallback.hit(key, windowMs);
    }
    return this.count(key, windowMs).then(
      (window) => this.withOutageWindow(key, window),
      (error: unknown) => {
        this.commandFailed(error);
        return this.fallback.hit(key, windowMs);
      },
    );
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopProbing();
    // No QUIT: on a stalled connection it would wait out the timeout for nothing.
    this.redis.disconnect();
  }

  private async count(key: string, windowMs: number): Promise<RateLimitWindow> {
    const [hits, pttl] = (await this.redis.eval(SCRIPT, 1, `sf:rl:${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { hits, resetSeconds: Math.max(1, Math.ceil(pttl / 1000)) };
  }

  /** Redis's window plus the hits this process counted for the key during the outage, while that lasts. */
  private withOutageWindow(key: string, window: RateLimitWindow): RateLimitWindow {
    if (!this.carryOver) return window;
    if (this.fallback.size === 0) {
      this.carryOver = false; // every window of the outage has ended
      return window;
    }
    const local = this.fallback.peek(key);
    if (!local) return window;
    return {
      hits: window.hits + local.hits,
      resetSeconds: Math.max(window.resetSeconds, local.resetSeconds),
    };
  }

  private commandFailed(error: unknown): void {
    this.markDown(error);
    // A command that timed out leaves a connection that may never answer again (a half-open socket,
    // a partition): replace it rather than wait for TCP to notice.
    if (error instanceof Error && /timed out/i.test(error.message) && this.redis.status === 'ready')
      this.redis.disconnect(true);
  }

  private markDown(error: unknown): void {
    if (this.closing) return;
    this.monitor.failed(error);
    this.settle();
    if (!this.probeTimer) {
      this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.probeTimer.unref();
    }
  }

  private stopProbing(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }

  /** While not known good: one run of the real script, when there is a ready connection to run it on. */
  private async probe(): Promise<void> {
    if (this.probing || this.closing || this.redis.status !== 'ready') return;
    this.probing = true;
    try {
      await this.count(PROBE_KEY, 1_000);
      if (this.closing) return;
      const wasDown = this.monitor.state === 'down';
      this.stopProbing();
      this.monitor.succeeded();
      if (wasDown) this.carryOver = true;
      this.settle();
    } catch (error) {
      this.commandFailed(error);
    } finally {
      this.probing = false;
    }
  }
}
