/** A client's fixed window after one more hit. */
export interface RateLimitWindow {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
  resetSeconds: number;
}

/**
 * Where the rate-limit counters live: in this process, or in Redis when several instances must share
 * them. `hit` answers synchronously when it can (the in-process store), so the common case costs no
 * promise on the request path.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): RateLimitWindow | Promise<RateLimitWindow>;
  close?(): void | Promise<void>;
}
