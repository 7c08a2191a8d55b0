import { errorFactory } from '@app/core';

/** The codes this context may throw (each one is in the error table of libs/core). */
export const WEBHOOK_ERROR_CODES = [
  'store_not_found',
  'webhook_not_found',
  'delivery_not_found',
  'webhook_limit_reached',
  'validation_failed',
  'rate_limited',
] as const;
const webhookError = errorFactory(WEBHOOK_ERROR_CODES);

export const WebhookErrors = {
  storeNotFound: () => webhookError('store_not_found', 'No such store.'),
  webhookNotFound: () => webhookError('webhook_not_found', 'No such webhook endpoint.'),
  deliveryNotFound: () => webhookError('delivery_not_found', 'No such delivery.'),
  limitReached: (max: number) =>
    webhookError('webhook_limit_reached', `A store has at most ${max} webhook endpoints.`),
  invalid: (field: string, message: string) =>
    webhookError('validation_failed', 'The request failed validation.', { errors: [{ field, message }] }),
  rateLimited: (retryAfter: number, perMinute: number, kind: 'test' | 'retry') =>
    webhookError(
      'rate_limited',
      `A store may ask for at most ${perMinute} ${kind === 'test' ? 'test events' : 'retries'} a minute.`,
      { retryAfter },
    ),
};
