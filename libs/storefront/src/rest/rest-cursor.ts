import { CursorKey, CursorKind, decodeCursor } from '../pagination/cursor';
import { StorefrontErrors } from '../storefront.errors';

/**
 * The key inside a REST list's `after` (a `nextCursor` this list issued), or null without one. Decoded before
 * the store is checked, as every REST list does: a foreign cursor is a 400 even on another account's store.
 */
export function afterOf(kind: CursorKind, after: string | undefined): CursorKey | null {
  if (after === undefined) return null;
  const key = decodeCursor(kind, after);
  if (!key) {
    throw StorefrontErrors.badInput('after is not a cursor of this list.', [
      { field: 'after', message: 'after must be a nextCursor of this list' },
    ]);
  }
  return key;
}
