import { CursorKey, cursorTimestampSql, decodeCursor, encodeCursor } from '@app/core';

/**
 * The storefront's kinds of keyset cursor (the cursor itself: @app/core keyset-cursor).
 * 'p'/'o': the storefront's lists (oldest first); 'np'/'no': the owner's REST lists (newest first), so a
 * cursor of one direction is refused by the other.
 */
export type CursorKind = 'p' | 'o' | 'np' | 'no';

export { cursorTimestampSql, decodeCursor, encodeCursor };
export type { CursorKey };
