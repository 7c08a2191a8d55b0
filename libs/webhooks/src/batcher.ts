/**
 * Gathers the items added while a flush is running into the next flush: one statement for many items
 * instead of one each, never two flushes at once, and no wait when nothing is running (the first item
 * flushes on the next turn of the event loop). Each `add` settles with the flush that carried its item.
 */
export class Batcher<T> {
  private pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly maxBatch = 500,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.flushing) return;
      this.flushing = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      try {
        await this.flush(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.flushing = false;
  }
}
