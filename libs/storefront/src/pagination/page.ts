import { CursorKey, CursorKind, encodeCursor } from './cursor';

/** A Relay connection page (GraphQL's `…Connection`): every edge carries its cursor. */
export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * A connection from `size + 1` rows read in key order: the extra row only says there is a next page.
 * (The REST lists' `{ data, nextCursor }` is @app/core's keysetPage, from the same rows.)
 */
export function toConnection<R extends { id: string; cursor_ts: string }, T>(
  kind: CursorKind,
  rows: R[],
  size: number,
  map: (row: R) => T,
): Connection<T> {
  const edges = rows.slice(0, size).map((row) => ({
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

/** Where a keyset read starts: after this row's key, or at the beginning. */
export type After = CursorKey | null;
