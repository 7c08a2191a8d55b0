/**
 * Every kind of event, in one list: what the writer accepts, what the list route's `type` filter
 * validates against, and (later) what a webhook endpoint may subscribe to.
 */
export const EVENT_TYPES = [
  'store.updated',
  'store.completed',
  'product.created',
  'product.updated',
  'product.deleted',
  'order.created',
  'app.created',
  'app.secret_rotated',
  'app.deleted',
  'public_token.created',
  'public_token.rotated',
  'public_token.deleted',
  'webhook.test',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}
