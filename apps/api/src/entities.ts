import { APPS_ENTITIES } from '@app/apps';
import { AUTH_ENTITIES } from '@app/auth';
import { EventEntity } from '@app/events';
import { IdempotencyKeyEntity } from '@app/idempotency';
import { MEDIA_ENTITIES } from '@app/media';
import { MEMBERS_ENTITIES } from '@app/members';
import { PublicTokenEntity } from '@app/public-tokens';
import { SOCIAL_ENTITIES } from '@app/social-login';
import { StoreEntity } from '@app/stores';
import { STOREFRONT_ENTITIES } from '@app/storefront';
import { WEBHOOK_ENTITIES } from '@app/webhooks';

/** Every entity of every context, for the data source and the migration CLI. */
export const ENTITIES = [
  ...AUTH_ENTITIES,
  ...SOCIAL_ENTITIES,
  StoreEntity,
  ...MEMBERS_ENTITIES,
  PublicTokenEntity,
  ...STOREFRONT_ENTITIES,
  IdempotencyKeyEntity,
  EventEntity,
  ...WEBHOOK_ENTITIES,
  ...APPS_ENTITIES,
  ...MEDIA_ENTITIES,
];
