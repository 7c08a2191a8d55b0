/** Objects at most this long are kept (renditions are a few to a few hundred KB; originals stream). */
export const MAX_KEPT_OBJECT = 512 * 1024;
/** The most kept in all, per process. */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Small served objects kept in memory, least recently served out first. A media URL never changes what it
 * shows (a new file is a new media id), so a kept copy is never stale; and whether the media still exists
 * is read from the database on every request before this is asked, so a deleted media is 404 at once
 * whatever is kept here. What it saves is the storage round trips of every GET — on the disk backend an
 * open, a stat, the reads and a close on libuv's thread pool; on S3 a GET to the bucket — which made a
 * rendition GET cost several times a trivial request (bench/README.md, "Media").
 */
export class ServedObjects {
  private readonly kept = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = MAX_KEPT_BYTES,
    readonly maxObject = MAX_KEPT_OBJECT,
  ) {}

  get(key: string): Buffer | undefined {
    const body = this.kept.get(key);
    if (body) {
      // Most recently served last: a Map iterates in insertion order.
      this.kept.delete(key);
      this.kept.set(key, body);
    }
    return body;
  }

  keep(key: string, body: Buffer): void {
    if (body.length > this.maxObject || this.kept.has(key)) return;
    this.kept.set(key, body);
    this.bytes += body.length;
    for (const [oldest, old] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= old.length;
    }
  }
}
