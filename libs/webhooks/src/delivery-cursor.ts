import { CursorKey, decodeCursor, encodeCursor } from '@app/core';

/**
 * The deliveries list's keyset cursor (kind 'wd'; the cursor itself: @app/core keyset-cursor). A page is
 * an index seek (ix_webhook_deliveries_endpoint_created), never an OFFSET.
 */
export type DeliveryCursorKey = CursorKey;

const KIND = 'wd';

export const encodeDeliveryCursor = (key: DeliveryCursorKey): string => encodeCursor(KIND, key);

/** The key inside a cursor, or null for anything that is not one this list issued. */
export const decodeDeliveryCursor = (cursor: string): DeliveryCursorKey | null => decodeCursor(KIND, cursor);
