import { CursorKey, decodeCursor, encodeCursor } from '@app/core';

/** The events list's keyset cursor (kind 'ev'; the cursor itself: @app/core keyset-cursor). */
export type EventCursorKey = CursorKey;

const KIND = 'ev';

export const encodeEventCursor = (key: EventCursorKey): string => encodeCursor(KIND, key);

/** The key inside a cursor, or null for anything that is not one this list issued. */
export const decodeEventCursor = (cursor: string): EventCursorKey | null => decodeCursor(KIND, cursor);

export { cursorTimestampSql } from '@app/core';
