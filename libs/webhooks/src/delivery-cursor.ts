import { isUuid } from '@app/core';

/**
 * The deliveries list's keyset cursor: the opaque base64url of the last row's created_at (microseconds,
 * as PostgreSQL prints it) and id. A page is an index seek (ix_webhook_deliveries_endpoint_created),
 * never an OFFSET, so deliveries made meanwhile never shift it.
 */
export interface DeliveryCursorKey {
  createdAt: string;
  id: string;
}

const KIND = 'wd';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeDeliveryCursor(key: DeliveryCursorKey): string {
  return Buffer.from(JSON.stringify([KIND, key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** The key inside a cursor, or null for anything that is not one this list issued. */
export function decodeDeliveryCursor(cursor: string): DeliveryCursorKey | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [kind, createdAt, id] = parsed as unknown[];
  if (kind !== KIND || typeof createdAt !== 'string' || typeof id !== 'string') return null;
  if (!TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) return null;
  return { createdAt, id };
}
