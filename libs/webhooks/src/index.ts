export * from './webhooks.module';
export * from './entities';
export { WebhookDeliverySink } from './delivery-sink';
export { AppEndpointsRepository } from './app-endpoints';
export type { AppEndpointSpec, SealedAppSecrets } from './app-endpoints';
