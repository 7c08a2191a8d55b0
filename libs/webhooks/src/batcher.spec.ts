import { Batcher } from './batcher';

describe('Batcher', () => {
  it('flushes what one turn adds in one call, and what comes during a flush in the next', async () => {
    const flushed: number[][] = [];
    let release!: () => void;
    const batcher = new Batcher<number>(async (items) => {
      flushed.push(items);
      if (flushed.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = [1, 2, 3].map((n) => batcher.add(n));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((n) => batcher.add(n));
    expect(flushed).toEqual([[1, 2, 3]]);
    release();
    await Promise.all([...first, ...second]);
    expect(flushed).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects every item of a failed flush, and goes on with the next', async () => {
    let fail = true;
    const batcher = new Batcher<string>(async () => {
      if (fail) throw new Error('down');
    });
    const failed = Promise.allSettled([batcher.add('a'), batcher.add('b')]);
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(batcher.add('c')).resolves.toBeUndefined();
  });

  it('caps a flush at maxBatch items', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number>(
      async (items) => {
        sizes.push(items.length);
      },
      0,
      2,
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });
});
