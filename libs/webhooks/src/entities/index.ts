import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { WebhookRateLimitEntity } from './webhook-rate-limit.entity';

export { WebhookAttemptEntity, WebhookDeliveryEntity, WebhookEndpointEntity, WebhookRateLimitEntity };

/** The webhook tables, for the composition root's entity list. */
export const WEBHOOK_ENTITIES = [
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  WebhookRateLimitEntity,
];
