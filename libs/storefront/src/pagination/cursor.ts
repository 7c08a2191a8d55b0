import { isUuid } from '@app/core';

/**
 * Keyset cursors: the opaque base64url of the row's sort key (created_at with its full microsecond
 * precision, as PostgreSQL prints it, and the id as tie-breaker) plus the kind of list, so a page is
 * found by an index seek, never by OFFSET, and a cursor from one list is refused by another.
 */
// 'p'/'o': the storefront's lists (oldest first); 'np'/'no': the owner's REST lists (newest first), so a
// cursor of one direction is refused by the other.
export type CursorKind = 'p' | 'o' | 'np' | 'no';

export interface CursorKey {
  /** created_at in UTC, microseconds: 2026-01-02T03:04:05.123456Z */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(kind: CursorKind, key: CursorKey): string {
  return Buffer.from(JSON.stringify([kind, key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** The key inside a cursor of this kind, or null for anything that is not one we issued. */
export function decodeCursor(kind: CursorKind, cursor: string): CursorKey | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [k, createdAt, id] = parsed as unknown[];
  if (k !== kind || typeof createdAt !== 'string' || typeof id !== 'string') return null;
  if (!TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) return null;
  return { createdAt, id };
}

/** SQL that renders a timestamptz column as the cursor's timestamp text (UTC, microseconds). */
export const cursorTimestampSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
