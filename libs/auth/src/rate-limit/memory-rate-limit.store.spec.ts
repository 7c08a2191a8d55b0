import { MemoryRateLimitStore } from './memory-rate-limit.store';

describe('MemoryRateLimitStore (fixed window)', () => {
  afterEach(() => jest.useRealTimers());

  it('counts hits per key within the window, synchronously', () => {
    const store = new MemoryRateLimitStore();
    const results = [1, 2, 3, 4].map(() => store.hit('a', 60_000));
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
    expect(results[3].resetSeconds).toBeGreaterThan(0);
    expect(results[3].resetSeconds).toBeLessThanOrEqual(60);
    expect(store.hit('b', 60_000).hits).toBe(1);
    store.close();
  });

  it('starts a new window when the old one has ended', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const store = new MemoryRateLimitStore();
    store.hit('a', 60_000);
    expect(store.hit('a', 60_000).hits).toBe(2);
    jest.setSystemTime(1_000_000 + 59_500);
    expect(store.hit('a', 60_000)).toEqual({ hits: 3, resetSeconds: 1 });
    jest.setSystemTime(1_000_000 + 60_001);
    expect(store.hit('a', 60_000)).toEqual({ hits: 1, resetSeconds: 60 });
    store.close();
  });

  it('peeks at a window without counting, and not at one that has ended', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const store = new MemoryRateLimitStore();
    expect(store.peek('a')).toBeUndefined();
    store.hit('a', 60_000);
    store.hit('a', 60_000);
    jest.setSystemTime(1_000_000 + 30_000);
    expect(store.peek('a')).toEqual({ hits: 2, resetSeconds: 30 });
    expect(store.peek('a')).toEqual({ hits: 2, resetSeconds: 30 });
    expect(store.size).toBe(1);
    jest.setSystemTime(1_000_000 + 60_000);
    expect(store.peek('a')).toBeUndefined();
    store.close();
  });
});
