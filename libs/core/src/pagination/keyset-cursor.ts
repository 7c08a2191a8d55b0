import { isUuid } from '../crypto/secret-hasher';

/**
 * Keyset cursors, the one kind every list of the service hands out: the opaque base64url of the last
 * row's sort key — created_at with its full microsecond precision (as PostgreSQL prints it; a JS Date
 * would lose the microseconds and skip or repeat rows) and the id as tie-breaker — plus the kind of
 * list, so a cursor of one list (or of one direction of a list) is refused by every other. A page is an
 * index seek, never an OFFSET, so rows inserted meanwhile never shift it.
 */
export interface CursorKey {
  /** created_at in UTC, microseconds: 2026-01-02T03:04:05.123456Z */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(kind: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify([kind, key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** The key inside a cursor of this kind, or null for anything that is not one we issued. */
export function decodeCursor(kind: string, cursor: string): CursorKey | null {
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

/**
 * One page from rows read one beyond `limit` (that extra row only says whether there is a next page):
 * the first `limit` rows mapped, and the cursor of the last of them when more follow.
 */
export function keysetPage<R extends { cursor_ts: string; id: string }, M>(
  rows: R[],
  limit: number,
  map: (row: R) => M,
  encode: (key: CursorKey) => string,
): { data: M[]; nextCursor: string | null } {
  const visible = rows.slice(0, limit);
  const last = visible[visible.length - 1];
  return {
    data: visible.map(map),
    nextCursor: rows.length > limit && last ? encode({ createdAt: last.cursor_ts, id: last.id }) : null,
  };
}
