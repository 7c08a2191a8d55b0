export * from './webhooks.module';
export { WebhookDeliverySink } from './delivery-sink';
