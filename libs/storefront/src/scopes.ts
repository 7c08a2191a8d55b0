import type { AppCaller, PublicTokenCaller } from '@app/core';
import { StorefrontErrors } from './storefront.errors';

/** Who can reach a resolver at all: an app token or a public token. */
export type StorefrontCaller = AppCaller | PublicTokenCaller;

export type StorefrontScope =
  | 'store:read'
  | 'products:read'
  | 'products:write'
  | 'orders:read'
  | 'orders:write';

/** What a public token may ever do, whatever scopes it carries: read the store and its catalogue. */
const PUBLIC_SCOPES: ReadonlySet<StorefrontScope> = new Set(['store:read', 'products:read']);

/**
 * The scope check of every resolver, query, mutation and field alike (field resolvers run no guards).
 * A public token is read-only by kind, not only by scope: even a token row that somehow carried a write
 * scope could not write or read orders.
 */
export function requireScope(caller: StorefrontCaller, scope: StorefrontScope): void {
  if (caller.kind !== 'app' && !PUBLIC_SCOPES.has(scope)) {
    throw StorefrontErrors.forbidden(
      scope.startsWith('orders')
        ? 'Public tokens cannot read or place orders; use an app token.'
        : 'Public tokens are read-only; use an app token.',
    );
  }
  if (!caller.scopes.includes(scope)) {
    throw StorefrontErrors.forbidden(`This token lacks the ${scope} scope.`);
  }
}
