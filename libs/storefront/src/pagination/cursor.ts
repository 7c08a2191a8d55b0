import { CursorKey, cursorTimestampSql, decodeCursor, encodeCursor } from '@app/core';

/**
 * The kinds of keyset cursor of the storefront's lists (the cursor itself: @app/core keyset-cursor), one
 * per list and direction, so a cursor of one is refused by every other: the catalogue and the orders
 * oldest first (GraphQL connections) and newest first (the REST lists).
 */
export const LIST_CURSORS = {
  products: { oldest: 'p', newest: 'np' },
  orders: { oldest: 'o', newest: 'no' },
} as const;
export type CursorKind = (typeof LIST_CURSORS)[keyof typeof LIST_CURSORS]['oldest' | 'newest'];

export { cursorTimestampSql, decodeCursor, encodeCursor };
export type { CursorKey };
