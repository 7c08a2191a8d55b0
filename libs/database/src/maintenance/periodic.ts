import type { Logger } from 'pino';
import { errorForLog } from '@app/core';

/**
 * The one way this service runs background work on a clock (the purge, the stock holds' expiry): a
 * round, then the next one `everyMs` after it ends — never two rounds of one job at once in a process,
 * and never a round queued behind a slow one. A failed round is logged and the next one tries again; the
 * timer never keeps the process alive, and stop() lets a round in flight finish before the pool closes.
 * What a round does with several instances is the job's own business (an advisory lock, a conditional
 * UPDATE): every instance runs every job.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly round: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(firstMs: number, everyMs: number): void {
    const schedule = (delay: number) => {
      this.timer = setTimeout(() => {
        this.running = this.round()
          .catch((error: unknown) =>
            this.logger.warn({ err: errorForLog(error) }, `${this.name} round failed`),
          )
          .finally(() => {
            this.running = null;
            if (this.timer) schedule(everyMs);
          });
      }, delay);
      this.timer.unref();
    };
    schedule(firstMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
