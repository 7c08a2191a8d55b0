import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export { WebhookAttemptEntity, WebhookDeliveryEntity, WebhookEndpointEntity };

/** The webhook tables, for the composition root's entity list. */
export const WEBHOOK_ENTITIES = [WebhookEndpointEntity, WebhookDeliveryEntity, WebhookAttemptEntity];
