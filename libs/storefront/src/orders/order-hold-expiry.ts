import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, APP_LOGGER, AppConfig } from '@app/core';
import { PeriodicJob } from '@app/database';
import type { Logger } from 'pino';
import { OrdersService } from './orders.service';

/**
 * Rounds of the hold expiry this often: an order is cancelled within this long after its hold runs out
 * (the contract's bound is 10 s, with room for a round that is slow under load).
 */
export const HOLD_EXPIRY_INTERVAL_MS = 4000;
/**
 * The embedded database has one instance and one pooled connection that closes when idle; a round every
 * few seconds would keep it open for ever. There, a round a minute (docs/storefront.md says so).
 */
const EMBEDDED_INTERVAL_MS = 60_000;

/**
 * (v1.4) Cancels checkout orders left unpaid for ORDER_HOLD_TTL seconds, so a scraped public token with
 * cart:write cannot hold a store's stock for ever. Runs on every instance as a PeriodicJob, like the
 * purge; exactly once across instances because each cancel is a conditional UPDATE only one of them can
 * win (OrdersService.expireHolds).
 */
@Injectable()
export class OrderHoldExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: PeriodicJob;

  constructor(
    private readonly orders: OrdersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.job = new PeriodicJob('order hold expiry', () => this.expireOnce(), logger);
  }

  onApplicationBootstrap(): void {
    const every = this.config.databaseUrl === null ? EMBEDDED_INTERVAL_MS : HOLD_EXPIRY_INTERVAL_MS;
    this.job.start(every, every);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /** One round; exposed for tests and operators. Answers how many orders it cancelled. */
  async expireOnce(): Promise<number> {
    const cancelled = await this.orders.expireHolds(this.config.orderHoldTtl);
    if (cancelled > 0) this.logger.info({ cancelled }, 'cancelled unpaid orders whose stock hold ran out');
    return cancelled;
  }
}
