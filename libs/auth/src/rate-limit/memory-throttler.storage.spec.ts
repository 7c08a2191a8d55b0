import { MemoryThrottlerStorage } from './memory-throttler.storage';

describe('MemoryThrottlerStorage (fixed window)', () => {
  afterEach(() => jest.useRealTimers());

  it('counts hits per key within the window and blocks past the limit', async () => {
    const storage = new MemoryThrottlerStorage();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await storage.increment('a', 60_000, 3));
    expect(results.map((r) => r.totalHits)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, true]);
    expect(results[3].timeToBlockExpire).toBeGreaterThan(0);
    expect(results[3].timeToBlockExpire).toBeLessThanOrEqual(60);
    expect((await storage.increment('b', 60_000, 3)).totalHits).toBe(1);
    storage.onModuleDestroy();
  });

  it('starts a new window when the old one has ended', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const storage = new MemoryThrottlerStorage();
    await storage.increment('a', 60_000, 1);
    expect((await storage.increment('a', 60_000, 1)).isBlocked).toBe(true);
    jest.setSystemTime(1_000_000 + 60_001);
    const fresh = await storage.increment('a', 60_000, 1);
    expect(fresh).toMatchObject({ totalHits: 1, isBlocked: false });
    storage.onModuleDestroy();
  });
});
