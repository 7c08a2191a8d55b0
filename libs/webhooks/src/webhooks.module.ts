import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { AppEndpointsRepository } from './app-endpoints';
import { DeliveryQueueRepository } from './delivery-queue.repository';
import { WebhookDeliverySink } from './delivery-sink';
import { DeliveryWorker } from './delivery-worker';
import { SigningSecretBox } from './signing-secrets';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhook endpoints and their delivery: the routes, the sink the events writer hands every event to (in
 * the change's transaction), and the worker that makes the attempts, with the delivery rows as its
 * queue. The sink is wired into the events context in the composition root (EventsModule.forRoot's
 * `sinks`).
 */
@Module({
  imports: [AuthModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksRepository,
    WebhooksService,
    SigningSecretBox,
    DeliveryQueueRepository,
    DeliveryWorker,
    WebhookDeliverySink,
    AppEndpointsRepository,
  ],
  // AppEndpointsRepository: installed apps' endpoints (libs/apps), in the same table and machinery.
  exports: [WebhookDeliverySink, AppEndpointsRepository],
})
export class WebhooksModule {}
