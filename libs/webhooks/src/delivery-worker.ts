import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountService } from '@app/auth';
import {
  APP_CONFIG,
  APP_LOGGER,
  AppConfig,
  Dependencies,
  DependencyMonitor,
  errorForLog,
  MailService,
  Metrics,
} from '@app/core';
import type { Logger } from 'pino';
import { Batcher } from './batcher';
import { AttemptJob, DeliveryQueue } from './delivery-queue';
import { nextAttemptDelay } from './retry-policy';
import { signatureHeader, WebhookSecretBox } from './webhook-secrets';
import { AttemptOutcome, sendAttempt } from './webhook-sender';
import { AttemptTargetRow, WebhooksRepository } from './webhooks.repository';

export const WEBHOOK_USER_AGENT = 'Storefront-Webhooks/1';

/** The `result` label of webhook_deliveries_total for one attempt. */
function resultLabel(outcome: AttemptOutcome): string {
  if (outcome.statusCode !== null)
    return outcome.statusCode >= 200 && outcome.statusCode < 300 ? 'delivered' : 'failed';
  return outcome.error ?? 'failed';
}

/**
 * Delivered attempts are booked together, at most this long after the first of them finished: attempts
 * sent at once finish a few ms apart, and one statement then books them all (it delays only the
 * bookkeeping, never an attempt).
 */
const BOOKING_GATHER_MS = 20;
/** Opened signing secrets kept at most (by endpoint and sealed value: a rotation is a new entry). */
const MAX_OPENED_SECRETS = 1000;

interface DeliveredAttempt {
  deliveryId: string;
  jobSeq: number;
  at: Date;
  statusCode: number;
  durationMs: number;
}

/**
 * Makes the attempts of a batch of deliveries (jobs of DeliveryQueue) and books their outcomes: the
 * attempt row, the delivery's status or next attempt, the endpoint's run of failures. The batch's
 * deliveries and endpoints are read in one statement; each HTTP request then runs on its own, outside
 * any transaction (it can take WEBHOOK_TIMEOUT, and the embedded database has one session); the
 * bookkeeping comes after it: delivered attempts are booked together (one statement for all those that
 * finished meanwhile), any other outcome in one short transaction of its own, which also queues the next
 * attempt.
 */
@Injectable()
export class DeliveryWorker implements OnModuleInit {
  /**
   * The `webhook` dependency is the platform's own way out — its DNS resolver — not the endpoints:
   * one customer's endpoint failing is that endpoint's state (its deliveries, webhook_deliveries_total),
   * and reporting it as our outage would flap the log between every failing and working endpoint.
   */
  private readonly resolver: DependencyMonitor;
  private readonly delivered = new Batcher<DeliveredAttempt>(
    (attempts) => this.repository.bookDelivered(attempts),
    BOOKING_GATHER_MS,
  );
  /**
   * Secrets opened before (AES-GCM under a key from OTP_PEPPER): a steady stream to one endpoint opens its
   * secret once, not at every attempt. Keyed by the sealed text, so a rotated secret is a new entry.
   */
  private readonly opened = new Map<string, string>();

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: DeliveryQueue,
    private readonly secrets: WebhookSecretBox,
    private readonly metrics: Metrics,
    private readonly mail: MailService,
    private readonly accounts: AccountService,
    dependencies: Dependencies,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.resolver = dependencies.monitor('webhook');
  }

  onModuleInit(): void {
    this.queue.setHandler((jobs) => this.attemptAll(jobs));
  }

  /** One promise per job, in order: the batch's targets are read once, then each attempt goes alone. */
  attemptAll(jobs: AttemptJob[]): Promise<void>[] {
    const targets = this.repository.attemptTargets([...new Set(jobs.map((job) => job.deliveryId))]);
    return jobs.map(async (job) => this.attempt(job, (await targets).get(job.deliveryId)));
  }

  private async attempt(job: AttemptJob, target: AttemptTargetRow | undefined): Promise<void> {
    // Gone with its endpoint (deleted) or its event (purged); or a newer job took over; or settled.
    if (!target || target.job_seq !== job.seq || target.status !== 'pending') return;
    if (!target.enabled && !job.manual) {
      // Disabled (by its owner, a 410, or failures) after this attempt was scheduled: nothing more is sent.
      await this.repository.transaction((tx) => this.repository.settle(tx, target.delivery_id, 'failed'));
      return;
    }

    const at = new Date();
    const timestamp = Math.floor(at.getTime() / 1000);
    let signature: string;
    try {
      signature = signatureHeader(this.liveSecrets(target), target.event_id, timestamp, target.body);
    } catch (error) {
      // The sealed secret does not open: OTP_PEPPER changed since it was stored (docs/webhooks.md). Nothing
      // can be signed until the owner rotates the secret; the delivery fails rather than retrying blindly.
      this.logger.error(
        { err: errorForLog(error), endpointId: target.endpoint_id },
        'webhook signing secret unreadable (was OTP_PEPPER changed?): rotate the endpoint secret',
      );
      await this.repository.transaction((tx) => this.repository.settle(tx, target.delivery_id, 'failed'));
      return;
    }
    const outcome = await sendAttempt({
      url: target.url,
      body: target.body,
      timeoutMs: this.config.webhookTimeout * 1000,
      allowLocal: this.config.webhookAllowLocal,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': target.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
    });
    this.metrics.webhookDelivery(resultLabel(outcome));
    if (outcome.resolverFailed) this.resolver.failed(new Error('DNS resolver unavailable'));
    else if (outcome.error !== 'dns_error') this.resolver.succeeded();

    const disabledNow = await this.book(job, target, at, outcome);
    if (disabledNow) await this.tellOwner(target);
  }

  /**
   * The current secret (it must open) and, for 24 h after a rotation, the previous one — unless that one no
   * longer opens (a rotation made to recover from a changed OTP_PEPPER): then the new secret signs alone.
   */
  private liveSecrets(target: AttemptTargetRow): string[] {
    const secrets = [this.open(target.endpoint_id, target.secret_sealed)];
    if (target.previous_secret_sealed && target.previous_secret_live) {
      try {
        secrets.push(this.open(target.endpoint_id, target.previous_secret_sealed));
      } catch {
        // unreadable: skipped (above)
      }
    }
    return secrets;
  }

  private open(endpointId: string, sealed: string): string {
    const key = `${endpointId}:${sealed}`;
    let secret = this.opened.get(key);
    if (secret === undefined) {
      secret = this.secrets.open(endpointId, sealed);
      if (this.opened.size >= MAX_OPENED_SECRETS) this.opened.clear();
      this.opened.set(key, secret);
    }
    return secret;
  }

  /** Records the attempt and decides what follows; true when this disabled the endpoint for failing. */
  private async book(
    job: AttemptJob,
    target: AttemptTargetRow,
    at: Date,
    outcome: AttemptOutcome,
  ): Promise<boolean> {
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (delivered) {
      await this.delivered.add({
        deliveryId: target.delivery_id,
        jobSeq: job.seq,
        at,
        statusCode: outcome.statusCode!,
        durationMs: outcome.durationMs,
      });
      return false;
    }
    return this.repository.transaction(async (tx) => {
      await this.repository.insertAttempt(tx, target.delivery_id, {
        at,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
      });
      const attempts = await this.repository.countAttempt(tx, target.delivery_id, job.seq);
      // Stale: a manual retry (or a replay of this job) took over while the request was out.
      if (attempts === undefined) return false;
      if (outcome.statusCode === 410) {
        await this.repository.settle(tx, target.delivery_id, 'failed');
        await this.repository.endpointGone(tx, target.endpoint_id);
        return false;
      }
      const goesOn = !job.manual || job.resume;
      const delay = goesOn
        ? nextAttemptDelay(this.config.webhookRetrySchedule, attempts, outcome.retryAfter)
        : null;
      if (delay !== null) {
        const seq = await this.repository.reschedule(tx, target.delivery_id, delay);
        await this.queue.enqueue(
          tx,
          [{ deliveryId: target.delivery_id, seq, manual: false, resume: false }],
          delay,
        );
        return false;
      }
      await this.repository.settle(tx, target.delivery_id, 'failed');
      // A manual retry of a delivery that had already failed is not another failed delivery in the run.
      if (job.manual && !job.resume) return false;
      return this.repository.endpointFailed(tx, target.endpoint_id, this.config.webhookDisableAfter);
    });
  }

  /** The owner hears that their endpoint was disabled (once, when it happens). Best effort: logged if not sent. */
  private async tellOwner(target: AttemptTargetRow): Promise<void> {
    try {
      const owner = await this.accounts.me(target.created_by);
      await this.mail.send({
        to: owner.email,
        subject: 'A webhook endpoint of your store was disabled',
        text:
          `Deliveries to ${target.url} (endpoint ${target.endpoint_id} of store ${target.store_id}) failed ` +
          `${this.config.webhookDisableAfter} times in a row, every retry included, so the endpoint was disabled.\n\n` +
          `Nothing more is sent to it until you enable it again (PUT /v1/user/stores/${target.store_id}/webhooks/` +
          `${target.endpoint_id} with {"enabled": true}, or the console's Enable button). Its deliveries ` +
          `list shows what the endpoint answered.\n`,
      });
    } catch (error) {
      this.logger.warn(
        { err: errorForLog(error), endpointId: target.endpoint_id },
        'could not tell the owner that their webhook endpoint was disabled',
      );
    }
  }
}
