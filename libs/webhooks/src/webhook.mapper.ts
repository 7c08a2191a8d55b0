import { CursorKey, decodeCursor, encodeCursor } from '@app/core';
import type { DeliveryModel, WebhookCreatedModel, WebhookModel } from './dto/webhook.dto';
import type { DeliveryRow, EndpointRow } from './webhooks.repository';

/** An endpoint as the routes show it (the secret itself only in the creation and rotation answers). */
export function toWebhook(row: EndpointRow): WebhookModel {
  return {
    id: row.id,
    storeId: row.store_id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    secretHint: row.secret_hint,
    createdAt: row.created_at.toISOString(),
  };
}

/** The answer that shows the signing secret, once: at creation and at rotation (then no hint). */
export function toWebhookCreated(row: EndpointRow, secret: string): WebhookCreatedModel {
  const { secretHint: _hint, ...view } = toWebhook(row);
  return { ...view, secret };
}

/** One attempt of a delivery (its `at` as read from JSON, normalised to ISO 8601). */
const toAttempt = (a: DeliveryRow['attempts'][number]): DeliveryModel['attempts'][number] => ({
  at: new Date(a.at).toISOString(),
  statusCode: a.statusCode,
  error: a.error,
  durationMs: a.durationMs,
});

/** A delivery with every attempt; `nextAttemptAt` only while it is pending. */
export function toDelivery(row: DeliveryRow): DeliveryModel {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts.map(toAttempt),
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
  };
}

/**
 * The deliveries list's keyset cursor (kind 'wd'; the cursor itself: @app/core keyset-cursor). A page is
 * an index seek (ix_webhook_deliveries_endpoint_created), never an OFFSET.
 */
const CURSOR_KIND = 'wd';

export const encodeDeliveryCursor = (key: CursorKey): string => encodeCursor(CURSOR_KIND, key);

/** The key inside a cursor, or null for anything that is not one this list issued. */
export const decodeDeliveryCursor = (cursor: string): CursorKey | null => decodeCursor(CURSOR_KIND, cursor);
