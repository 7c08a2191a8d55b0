import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { DeliveryQueue } from './delivery-queue';
import { WebhookDeliverySink } from './delivery-sink';
import { DeliveryWorker } from './delivery-worker';
import { WebhookSecretBox } from './webhook-secrets';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhook endpoints and their delivery: the routes, the sink the events writer hands every event to (in
 * the change's transaction), the pg-boss queue of attempts and the worker that makes them. The sink is
 * wired into the events context in the composition root (EventsModule.forRoot's `sinks`).
 */
@Module({
  imports: [AuthModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    WebhookSecretBox,
    DeliveryQueue,
    DeliveryWorker,
    WebhookDeliverySink,
  ],
  exports: [WebhookDeliverySink],
})
export class WebhooksModule {}
