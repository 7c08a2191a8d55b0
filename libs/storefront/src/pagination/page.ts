import { StorefrontErrors } from '../storefront.errors';
import { QUERY_LIMITS } from '../graphql/query-limits';
import { CursorKey, CursorKind, decodeCursor, encodeCursor } from './cursor';

export const DEFAULT_PAGE_SIZE = 20;

/** `first` as the schema gives it (null or absent → 20), checked again here in case a caller skips the plugin. */
export function pageSize(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 0 || size > QUERY_LIMITS.maxFirst) {
    throw StorefrontErrors.badInput(`first must be between 0 and ${QUERY_LIMITS.maxFirst}.`);
  }
  return size;
}

export function afterKey(kind: CursorKind, after: string | null | undefined): CursorKey | null {
  if (after === null || after === undefined) return null;
  const key = decodeCursor(kind, after);
  if (!key) throw StorefrontErrors.badInput('after is not a cursor of this list.');
  return key;
}

export interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Builds a page from `size + 1` rows read in key order: the extra row only says there is a next page. */
export function toPage<R extends { id: string; cursor_ts: string }, T>(
  kind: CursorKind,
  rows: R[],
  size: number,
  map: (row: R) => T,
): Page<T> {
  const visible = rows.slice(0, size);
  const edges = visible.map((row) => ({
    cursor: encodeCursor(kind, { createdAt: row.cursor_ts, id: row.id }),
    node: map(row),
  }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > size,
      endCursor: edges.length ? edges[edges.length - 1].cursor : null,
    },
  };
}
