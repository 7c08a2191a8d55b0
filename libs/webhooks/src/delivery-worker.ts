import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountService } from '@app/auth';
import {
  APP_CONFIG,
  APP_LOGGER,
  AppConfig,
  Dependencies,
  errorForLog,
  MailService,
  runAsBackgroundWork,
  Metrics,
} from '@app/core';
import type { Logger } from 'pino';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { AttemptSender } from './attempt-sender';
import { Batcher } from './batcher';
import {
  AttemptBooking,
  ClaimedDeliveryRow,
  DeliveryQueueRepository,
  InFlight,
} from './delivery-queue.repository';
import { EndpointResolver } from './endpoint-resolver';
import { afterAttempt } from './retry-policy';
import { signatureHeader, SigningSecretBox } from './signing-secrets';

export const WEBHOOK_USER_AGENT = 'Storefront-Webhooks/1';

/**
 * Attempts in flight on one instance: network waits, not CPU, so many fit (the limits per endpoint and
 * store are the claim's: docs/webhooks.md, fair between stores).
 */
const MAX_IN_FLIGHT = 200;
/** A lease outlives its attempt (bounded by WEBHOOK_TIMEOUT) by this much: the time to book its outcome. */
const LEASE_MARGIN_SECONDS = 10;
/**
 * How often an idle instance looks for what was made due elsewhere (other instances, dead leases): its
 * own commits, ended requests and retries wake it. The embedded database has no other instance: once a
 * minute, so its single pooled connection idles and the pool's timeout closes it.
 */
const POLL_MS = 1000;
const EMBEDDED_POLL_MS = 60_000;
/** Claims start at most this often: under load one claim takes many deliveries (at 16 per endpoint). */
const MIN_CLAIM_GAP_MS = 20;
/** Timers kept for retries coming due (100 ms apart at least); beyond this the poll finds them. */
const MAX_WAKE_TIMERS = 1000;
/** The mark a transaction carries when it made deliveries due (TypeORM's QueryRunner.data is for this). */
const DUE_MARK = 'webhookDeliveriesDue';

/**
 * Makes the attempts: one loop per instance claims due deliveries (within the limits in flight, leased),
 * runs each on its own — an attempt never waits for another — outside any transaction, and books them.
 */
@Injectable()
export class DeliveryWorker
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, EntitySubscriberInterface
{
  private readonly resolver: EndpointResolver;
  private readonly sender: AttemptSender;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busy: InFlight = { byEndpoint: new Map(), byStore: new Map() };
  /**
   * Attempts are booked together: those that end while a booking runs go in the next one. Each booking
   * answers whether it disabled its endpoint for failing.
   */
  private readonly bookings = new Batcher<AttemptBooking, boolean>((bookings) =>
    this.queue.book(bookings, this.config.webhookDisableAfter),
  );
  private readonly wakeTimers = new Map<number, NodeJS.Timeout>();
  private readonly embedded: boolean;
  private running = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private loopDone: Promise<void> | null = null;

  constructor(
    private readonly queue: DeliveryQueueRepository,
    private readonly secrets: SigningSecretBox,
    private readonly metrics: Metrics,
    private readonly mail: MailService,
    private readonly accounts: AccountService,
    dependencies: Dependencies,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    // The `webhook` dependency is the platform's own way out — its DNS servers — not the endpoints: one
    // customer's endpoint failing is that endpoint's state, not our outage.
    this.resolver = new EndpointResolver(config.webhookDnsServers, dependencies.monitor('webhook'));
    this.sender = new AttemptSender(this.resolver);
    this.embedded = config.databaseUrl === null;
  }

  onModuleInit(): void {
    // Told of every commit, to claim at once what a transaction made due.
    this.dataSource.subscribers.push(this);
  }

  /** The caller's transaction made deliveries due: its commit wakes this instance's loop. */
  markDue(tx: EntityManager): void {
    if (tx.queryRunner) (tx.queryRunner.data as Record<string, unknown>)[DUE_MARK] = true;
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown>;
    if (data[DUE_MARK] && !event.queryRunner.isTransactionActive) {
      delete data[DUE_MARK];
      this.nudge();
    }
  }

  onApplicationBootstrap(): void {
    if (this.config.webhookAllowLocal)
      this.logger.warn(
        'WEBHOOK_ALLOW_LOCAL=true: webhook endpoints may use http:// and loopback, private and link-local addresses (development and tests only)',
      );
    // WEBHOOK_DELIVERY=false: this instance makes deliveries due with its changes and attempts none; the
    // instances that deliver find them by their poll (docs/webhooks.md: delivery-only instances).
    if (!this.config.webhookDelivery) return;
    this.running = true;
    this.loopDone = runAsBackgroundWork('webhook delivery', () => this.loop());
    // Leases left by a process that died are due when they pass; nobody else polls the embedded database.
    if (this.embedded) this.wakeAt(Date.now() + (this.leaseSeconds + 1) * 1000);
  }

  /**
   * Stops claiming and lets the attempts in flight finish and book (each within WEBHOOK_TIMEOUT) before
   * the database pool closes. One still unbooked when the process dies is made again once its lease passes.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    for (const timer of this.wakeTimers.values()) clearTimeout(timer);
    this.wakeTimers.clear();
    this.nudge();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
    this.resolver.close();
    this.sender.close();
  }

  private get leaseSeconds(): number {
    return this.config.webhookTimeout + LEASE_MARGIN_SECONDS;
  }

  private nudge(): void {
    this.woken = true;
    this.wake?.();
  }

  /** Looks for due deliveries at `at` (timers 100 ms apart at least, never keeping the process alive). */
  private wakeAt(at: number): void {
    const slot = Math.ceil(at / 100) * 100;
    if (!this.running || this.wakeTimers.has(slot) || this.wakeTimers.size >= MAX_WAKE_TIMERS) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(slot);
      this.nudge();
    }, slot - Date.now());
    timer.unref();
    this.wakeTimers.set(slot, timer);
  }

  private async loop(): Promise<void> {
    let lastClaim = 0;
    while (this.running) {
      const gap = lastClaim + MIN_CLAIM_GAP_MS - Date.now();
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      lastClaim = Date.now();
      this.woken = false;
      const room = MAX_IN_FLIGHT - this.inFlight.size;
      let claimed = 0;
      if (room > 0) {
        try {
          const deliveries = await this.queue.claim(room, this.leaseSeconds, this.busy);
          claimed = deliveries.length;
          for (const delivery of deliveries) this.track(delivery);
        } catch (error) {
          this.logger.warn({ err: errorForLog(error) }, 'webhook deliveries could not be claimed');
        }
      }
      if (!this.running) break;
      // Every free slot filled: more may be due. Otherwise wait for a wake-up or the poll.
      if ((room > 0 && claimed === room) || this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.embedded ? EMBEDDED_POLL_MS : POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * Counts the attempt in its endpoint's and store's slots until its request ends (its booking may come
   * later), then wakes the loop: what waited for the slot may fit now.
   */
  private track(delivery: ClaimedDeliveryRow): void {
    const slots = (by: number) => {
      for (const [map, key] of [
        [this.busy.byEndpoint, delivery.endpoint_id],
        [this.busy.byStore, delivery.store_id],
      ] as const) {
        const n = (map.get(key) ?? 0) + by;
        if (n > 0) map.set(key, n);
        else map.delete(key);
      }
    };
    slots(1);
    let ended = false;
    const requestEnded = () => {
      if (ended) return;
      ended = true;
      slots(-1);
      this.nudge();
    };
    const attempt = this.attempt(delivery, requestEnded).finally(requestEnded);
    this.inFlight.add(attempt);
    void attempt.finally(() => this.inFlight.delete(attempt));
  }

  private async attempt(delivery: ClaimedDeliveryRow, requestEnded: () => void): Promise<void> {
    const { id, event_id: eventId, body, endpoint_id: endpointId } = delivery;
    const booking = { id, endpointId, lease: delivery.leased_until };
    try {
      const at = new Date();
      const timestamp = Math.floor(at.getTime() / 1000);
      // Its endpoint disabled (by its owner, a 410, or failures) since it was made: nothing more is sent
      // automatically. Or its secret unreadable. Either way the delivery fails, without an attempt.
      const secrets = delivery.enabled || delivery.manual ? this.liveSecrets(delivery) : null;
      if (!secrets) {
        const unattempted = { status: 'failed', delaySeconds: null, failedDelivery: false } as const;
        const noAnswer = { at: null, statusCode: null, error: null, durationMs: 0, timedOut: false };
        return void (await this.bookings.add({ ...booking, ...unattempted, ...noAnswer }));
      }
      const outcome = await this.sender.send({
        url: delivery.url,
        body,
        timeoutMs: this.config.webhookTimeout * 1000,
        allowLocal: this.config.webhookAllowLocal,
        storeId: delivery.store_id,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(secrets, eventId, timestamp, body),
        },
      });
      requestEnded();
      const { statusCode, error, durationMs, timedOut } = outcome;
      const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
      this.metrics.webhookDelivery(
        statusCode === null ? (error ?? 'failed') : delivered ? 'delivered' : 'failed',
      );
      const schedule = this.config.webhookRetrySchedule;
      const next = afterAttempt(outcome, delivery.attempt_count + 1, delivery.manual, schedule);
      const outcomeRow = { at, statusCode, error, durationMs, timedOut };
      const disabledNow = await this.bookings.add({ ...booking, ...next, ...outcomeRow });
      if (next.delaySeconds !== null) this.wakeAt(Date.now() + next.delaySeconds * 1000);
      if (disabledNow) await this.tellOwner(delivery);
    } catch (error) {
      // Not booked (the database unavailable): the lease passes and the attempt is made again.
      this.logger.warn({ err: errorForLog(error), deliveryId: id }, 'webhook attempt could not be booked');
    }
  }

  /**
   * The secrets that sign, or null when the current one does not open: OTP_PEPPER changed since it was
   * stored (docs/webhooks.md). Nothing can be signed until the owner rotates the secret.
   */
  private liveSecrets(delivery: ClaimedDeliveryRow): string[] | null {
    const previous = delivery.previous_secret_live ? delivery.previous_secret_sealed : null;
    try {
      return this.secrets.liveSecrets(delivery.endpoint_id, delivery.secret_sealed, previous);
    } catch (error) {
      this.logger.error(
        { err: errorForLog(error), endpointId: delivery.endpoint_id },
        'webhook signing secret unreadable (was OTP_PEPPER changed?): rotate the endpoint secret',
      );
      return null;
    }
  }

  /** The owner hears that their endpoint was disabled (once, when it happens). Best effort: logged if not sent. */
  private async tellOwner(delivery: ClaimedDeliveryRow): Promise<void> {
    const { url, endpoint_id: endpointId, store_id: storeId } = delivery;
    try {
      const owner = await this.accounts.me(delivery.created_by);
      await this.mail.send({
        to: owner.email,
        subject: 'A webhook endpoint of your store was disabled',
        text:
          `Deliveries to ${url} (endpoint ${endpointId} of store ${storeId}) failed ` +
          `${this.config.webhookDisableAfter} times in a row, every retry included, so the endpoint was disabled.\n\n` +
          `Nothing more is sent to it until you enable it again (PUT /v1/user/stores/${storeId}/webhooks/` +
          `${endpointId} with {"enabled": true}, or the console's Enable button). Its deliveries ` +
          `list shows what the endpoint answered.\n`,
      });
    } catch (error) {
      this.logger.warn(
        { err: errorForLog(error), endpointId },
        'could not tell the owner that their webhook endpoint was disabled',
      );
    }
  }
}
