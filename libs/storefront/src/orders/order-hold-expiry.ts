import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, APP_LOGGER, AppConfig } from '@app/core';
import { PeriodicSchedule, PeriodicTask, PURGE_FIRST_ROUND_MS, PURGE_INTERVAL_MS } from '@app/database';
import type { Logger } from 'pino';
import { OrdersService } from './orders.service';

/**
 * Rounds of the hold expiry this often: an order is cancelled within this long after its hold runs out
 * (the contract's bound is 10 s, with room for a round that is slow under load).
 */
export const HOLD_EXPIRY_INTERVAL_MS = 4000;

/**
 * (v1.4) Cancels checkout orders left unpaid for ORDER_HOLD_TTL seconds, so a scraped public token with
 * cart:write cannot hold a store's stock for ever. Runs on every instance as a PeriodicTask, like the
 * purge; exactly once across instances because each cancel is a conditional UPDATE only one of them can
 * win (OrdersService.expireHolds).
 */
@Injectable()
export class OrderHoldExpiry extends PeriodicTask {
  constructor(
    private readonly orders: OrdersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    super('order hold expiry', logger);
  }

  protected schedule(): PeriodicSchedule {
    // The embedded database has one instance and one pooled connection, which the pool closes after 30 s
    // idle; a round every few seconds — or any clock of its own beside the purge's and the webhook
    // poll's — would keep it open for ever. There the rounds run with the purge's, at the same moments
    // (docs/storefront.md says what that costs: holds end within the purge's 10 minutes, not 10 s).
    if (this.config.databaseUrl === null)
      return { firstMs: PURGE_FIRST_ROUND_MS, everyMs: PURGE_INTERVAL_MS };
    return { firstMs: HOLD_EXPIRY_INTERVAL_MS, everyMs: HOLD_EXPIRY_INTERVAL_MS };
  }

  protected round(): Promise<number> {
    return this.expireOnce();
  }

  /** One round; exposed for tests and operators. Answers how many orders it cancelled. */
  async expireOnce(): Promise<number> {
    const cancelled = await this.orders.expireHolds(this.config.orderHoldTtl);
    if (cancelled > 0) this.logger.info({ cancelled }, 'cancelled unpaid orders whose stock hold ran out');
    return cancelled;
  }
}
