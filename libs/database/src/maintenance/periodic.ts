import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { errorForLog, runAsBackgroundWork } from '@app/core';

/**
 * The one way this service runs background work on a clock (through PeriodicTask, below): a
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
        this.running = runAsBackgroundWork(this.name, this.round)
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

/** When a task's first round runs after start, and how long after a round ends the next one begins. */
export interface PeriodicSchedule {
  firstMs: number;
  everyMs: number;
}

/**
 * A provider whose work is a PeriodicJob started with the application and stopped with it: the one shape
 * of every clock of the service (the purge, the stock holds' expiry, the embedded database's vacuum). A
 * task names itself, says when it runs (`schedule()`, null for "not in this process") and what a round
 * does (`round()`); starting, the one-round-at-a-time rule, logging a failed round and letting a round
 * in flight finish at shutdown are the job's.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: PeriodicJob;

  protected constructor(name: string, logger: Logger) {
    this.job = new PeriodicJob(name, () => this.round(), logger);
  }

  protected abstract schedule(): PeriodicSchedule | null;
  protected abstract round(): Promise<unknown>;

  onApplicationBootstrap(): void {
    const schedule = this.schedule();
    if (schedule) this.job.start(schedule.firstMs, schedule.everyMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop(); // a round in flight finishes before the pool closes
  }
}
