import type { SqlStatement } from '@app/database';
import type { CursorKey } from './cursor';

/** One of a store's lists, read in keyset order: what it selects, from where, and in which direction. */
export interface KeysetListShape {
  /** Its statements are named `<name>_page` and `<name>_page_after`, and `_search`, `_search_after`. */
  name: string;
  /** The selected columns, under the alias. */
  columns: string;
  /** The table and its alias (`products p`). */
  table: string;
  alias: string;
  /** Conditions besides the store's. */
  where?: string[];
  /** Newest first (the REST lists): the same shapes walking the index backwards. */
  newest: boolean;
  /** The condition for a search on the parameter `q`, when the list can be searched. */
  search?: (q: string) => string;
}

/**
 * A list has fixed shapes (with/without a cursor, with/without a search) so that each is one named
 * prepared statement whose plan is an index seek on (store_id, created_at, id) — a single statement with
 * "$2 IS NULL OR …" would get a generic plan that cannot seek to the cursor. The answer builds one page's
 * statement: parameters in the order store, [cursor time, cursor id], [pattern], limit.
 */
export function keysetList(shape: KeysetListShape) {
  const a = shape.alias;
  const sql = (withCursor: boolean, withSearch: boolean) => {
    let n = 1;
    const where = [`${a}.store_id = $1`, ...(shape.where ?? [])];
    if (withCursor) {
      where.push(
        `(${a}.created_at, ${a}.id) ${shape.newest ? '<' : '>'} ($${++n}::timestamptz, $${++n}::uuid)`,
      );
    }
    if (withSearch && shape.search) where.push(shape.search(`$${++n}`));
    const order = shape.newest ? `${a}.created_at DESC, ${a}.id DESC` : `${a}.created_at, ${a}.id`;
    return `SELECT ${shape.columns} FROM ${shape.table} WHERE ${where.join(' AND ')}
    ORDER BY ${order} LIMIT $${++n}`;
  };
  const nameOf = (withCursor: boolean, withSearch: boolean) =>
    `${shape.name}_${withSearch ? 'search' : 'page'}${withCursor ? '_after' : ''}`;
  const texts = new Map<string, string>();
  for (const withSearch of shape.search ? [false, true] : [false]) {
    for (const withCursor of [false, true])
      texts.set(nameOf(withCursor, withSearch), sql(withCursor, withSearch));
  }
  return (
    storeId: string,
    cursor: CursorKey | null | undefined,
    limit: number,
    pattern?: string | null,
  ): SqlStatement => {
    const values: unknown[] = [storeId];
    if (cursor) values.push(cursor.createdAt, cursor.id);
    if (pattern) values.push(pattern);
    values.push(limit);
    const name = nameOf(Boolean(cursor), Boolean(pattern));
    return { name, text: texts.get(name)!, values };
  };
}
