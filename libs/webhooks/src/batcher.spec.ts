import { Batcher } from './batcher';

describe('Batcher', () => {
  it('flushes the first item at once and gathers what comes meanwhile into the next flush', async () => {
    const flushes: number[][] = [];
    let release: () => void = () => undefined;
    const batcher = new Batcher<number, number>(async (items) => {
      flushes.push(items);
      if (flushes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((n) => n * 10);
    });
    const first = batcher.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const more = [2, 3, 4].map((n) => batcher.add(n));
    release();
    expect(await Promise.all([first, ...more])).toEqual([10, 20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects the items of a failed flush, and only those', async () => {
    const batcher = new Batcher<number, boolean>(async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items.map(() => true);
    });
    const bad = batcher.add(13);
    await expect(bad).rejects.toThrow('unlucky');
    await expect(batcher.add(7)).resolves.toBe(true);
  });
});
