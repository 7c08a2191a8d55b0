export * from './webhooks.module';
export * from './entities';
export { WebhookDeliverySink } from './delivery-sink';
