import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role, StorePermission } from '@app/sdk';
import type { ErrorCode } from '../errors/error-table';
import { AccountOnly, StoreIdParam } from './access.decorators';
import type { AccountCaller } from './caller';

/**
 * Store access, declared on the route (`@StoreAccess('commerce')`) and enforced by the global access guard
 * (libs/auth): the caller must be a member of the route's store whose role allows the permission (the one
 * table, ROLE_PERMISSIONS, is in the SDK beside the event types, because clients need it too). The guard
 * reads the membership in the same statement as the session's revocation read, so a role change or a
 * removal is refused on the very next request, on every instance, and nothing about roles is in a token.
 *
 *  - not a member of the store (or no such store, or a malformed id): the route's 404, `store_not_found`
 *    unless it says otherwise — existence is never revealed;
 *  - a member whose role does not allow it: 403 `insufficient_role`;
 *  - allowed: the store and the caller's role travel with the request (`@CurrentStore()`), so the service
 *    acts on that store without asking again who may.
 */
export const STORE_ACCESS_METADATA = 'storefront:store-access';

/** What a route declares: the permission it needs, and where its store is found. */
export interface StoreAccessRule {
  permission: StorePermission;
  /** `store`: the value is the store's id; any other name is a locator wired in the composition root. */
  locator: string;
  source: 'param' | 'query' | 'body';
  key: string;
  /** The answer when the value names nothing the caller is a member of. */
  notFound: ErrorCode;
  /** A path parameter naming an account: that member may call the route whatever its role (leaving). */
  orSelf?: string;
}

export interface StoreAccessOptions {
  /**
   * How the store is found from the value: `store` (the value is the store id; the default) or the name
   * of a locator wired in the composition root (STORE_LOCATORS), e.g. `app`, the store of an OAuth app.
   */
  locator?: string;
  /** Where the value is: a path parameter (default), the query string or the JSON body. */
  in?: StoreAccessRule['source'];
  /** Its name (default `id`, as in `/v1/user/stores/:id/…`). */
  key?: string;
  /** The 404 when it names nothing the caller is a member of (default `store_not_found`). */
  notFound?: ErrorCode;
  /** A path parameter naming an account: that member may call the route whatever its role. */
  orSelf?: string;
}

const FORBIDDEN =
  '`insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table).';

/**
 * An account route on one store, needing `permission`: the access rule, the bearer scheme, and the
 * 401/403 answers (and the `:id` parameter when that is where the store is) in the OpenAPI document.
 */
export function StoreAccess(permission: StorePermission, options: StoreAccessOptions = {}) {
  const rule: StoreAccessRule = {
    permission,
    locator: options.locator ?? 'store',
    source: options.in ?? 'param',
    key: options.key ?? 'id',
    notFound: options.notFound ?? 'store_not_found',
    ...(options.orSelf ? { orSelf: options.orSelf } : {}),
  };
  const decorators: (ClassDecorator & MethodDecorator)[] = [
    SetMetadata(STORE_ACCESS_METADATA, rule),
    AccountOnly(),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: '`unauthenticated` or `invalid_token`.' }),
    ApiForbiddenResponse({ description: FORBIDDEN }),
  ];
  if (rule.source === 'param' && rule.key === 'id') decorators.push(StoreIdParam());
  return applyDecorators(...decorators);
}

/** The store a route acts on, and the caller's role in it, as the access guard read them with the session. */
export interface AccessibleStore {
  storeId: string;
  role: Role;
  /** (v1.4) The store requires a second factor of its members (`requireTwoFactor`). */
  twoFactorRequired?: boolean;
}

/** The route's store and the caller's role in it (`@StoreAccess` routes only). */
export const CurrentStore = createParamDecorator((_data: unknown, ctx: ExecutionContext): AccessibleStore => {
  const store = ctx.switchToHttp().getRequest<{ caller?: AccountCaller }>().caller?.membership;
  // The guard sets it on every @StoreAccess route before the handler runs: absent means a route without one.
  if (!store) throw new Error('@CurrentStore() needs @StoreAccess() on the route');
  return store;
});

/**
 * The members context's SQL that statements of other contexts embed (the guard's session read, the
 * caller's store list, a new store's first member): the `store_members` table is named there, not in their
 * SQL. Wired in the composition root (apps/api's app.module.ts).
 */
export interface MembershipSql {
  /**
   * A row source `(store_id, role, two_factor_required)`: the account's membership of the store (none when
   * not a member), with the store's `requireTwoFactor` (v1.4), which the access guard enforces.
   */
  membership(storeExpr: string, accountExpr: string): string;
  /** A row source `(store_id, role)`: every membership of the account. */
  membershipsOf(accountExpr: string): string;
  /** A statement making the account the owner of a store that has no member yet. */
  founder(storeExpr: string, accountExpr: string): string;
}
export const MEMBERSHIP_SQL = Symbol('MEMBERSHIP_SQL');

/**
 * How a route's store is found from something else in the request (an OAuth app's id): `storeOf(param)`
 * is an SQL expression giving the store's id (NULL when there is none) from a uuid parameter. Wired in
 * the composition root, each from the context that owns the table it reads.
 */
export interface StoreLocator {
  name: string;
  storeOf(param: string): string;
}
export const STORE_LOCATORS = Symbol('STORE_LOCATORS');
