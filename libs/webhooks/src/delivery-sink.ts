import { Injectable } from '@nestjs/common';
import type { EventModel, EventSink } from '@app/events';
import type { EntityManager } from 'typeorm';
import { DeliveryWorker } from './delivery-worker';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Fans each event out to the store's subscribed endpoints, inside the change's own transaction (the
 * events writer calls every sink there): one delivery per enabled endpoint subscribed to the type or to
 * "*", due at once. The delivery exists exactly when its event does — a rolled-back change makes none, a
 * committed one is delivered even if the process dies right after the commit. For a store without
 * endpoints it is one indexed INSERT … SELECT that finds nothing.
 */
@Injectable()
export class WebhookDeliverySink implements EventSink {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly worker: DeliveryWorker,
  ) {}

  async afterEmit(tx: EntityManager, event: EventModel): Promise<void> {
    // The test event goes to the one endpoint it tests (WebhooksService.sendTest), not to every subscriber.
    if (event.type === 'webhook.test') return;
    // The body is fixed once: every attempt sends (and signs) the very same bytes.
    if ((await this.repository.insertForEvent(tx, event, JSON.stringify(event))) > 0) this.worker.markDue(tx);
  }
}
