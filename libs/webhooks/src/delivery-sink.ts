import { Injectable } from '@nestjs/common';
import type { EventModel, EventSink } from '@app/events';
import type { EntityManager } from 'typeorm';
import { DeliveryQueue } from './delivery-queue';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Fans each event out to the store's subscribed endpoints, inside the change's own transaction (the
 * events writer calls every sink there): one delivery row per enabled endpoint subscribed to the type
 * or to "*", and one queued attempt per delivery. The delivery exists exactly when its event does — a
 * rolled-back change queues nothing, a committed one is delivered even if the process dies right after
 * the commit. Deliveries and jobs are written by one statement; for a store without endpoints it is one
 * indexed INSERT … SELECT that finds nothing.
 */
@Injectable()
export class WebhookDeliverySink implements EventSink {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: DeliveryQueue,
  ) {}

  async afterEmit(tx: EntityManager, event: EventModel): Promise<void> {
    // The test event goes to the one endpoint it tests (WebhooksService.sendTest), not to every subscriber.
    if (event.type === 'webhook.test') return;
    // The body is fixed once: every attempt sends (and signs) the very same bytes.
    const queued = await this.repository.insertForEvent(tx, event, JSON.stringify(event), (source) =>
      this.queue.firstAttemptsFrom(source),
    );
    if (queued > 0) this.queue.markQueued(tx);
  }
}
