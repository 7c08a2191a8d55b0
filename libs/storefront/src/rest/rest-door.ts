// What the REST door's controllers share.
import { ApiOperation } from '@nestjs/swagger';
import { CursorKey, CursorKind, decodeCursor } from '../pagination/cursor';
import { StorefrontErrors } from '../storefront.errors';

/**
 * The key inside a REST list's `after` (a `nextCursor` this list issued), or null without one; a foreign
 * cursor is a 400. (The store was decided by the route's access rule before: a non-member's is a 404.)
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

/**
 * The OpenAPI operationIds of a controller's routes, as they have been since the routes were first
 * published (client generators name their methods after them): `<name>_<handler>`, fixed here rather than
 * derived from the class name, so renaming a class renames none of them. `operation` is the route's
 * `@ApiOperation` with it.
 */
export function pinnedOperations(name: string) {
  const id = (handler: string): string => `${name}_${handler}`;
  return {
    id,
    operation: (handler: string, summary: string) => ApiOperation({ operationId: id(handler), summary }),
  };
}
