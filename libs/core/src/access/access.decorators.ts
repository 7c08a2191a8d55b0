import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiParam,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Caller, CallerKind } from './caller';
import type { ScopeRule } from './scopes';

export const ACCESS_METADATA = 'storefront:access';

export type AccessRule = { public: true } | { public: false; kinds: CallerKind[] };

/**
 * Every route states who may call it; the global guard closes any route that states nothing.
 */
export const Public = () => SetMetadata(ACCESS_METADATA, { public: true } satisfies AccessRule);
export const Accepts = (...kinds: CallerKind[]) =>
  SetMetadata(ACCESS_METADATA, { public: false, kinds } satisfies AccessRule);
export const SCOPE_METADATA = 'storefront:scope';
/**
 * The scope a storefront GraphQL field needs (a query, a mutation or a resolved field), checked by the
 * global guard before the resolver runs (requireScopeRule). The storefront's ScopedQuery, ScopedMutation
 * and ScopedField put it on the field together with its description's "Scope: …" sentence.
 */
export const RequireScope = (rule: ScopeRule) => SetMetadata(SCOPE_METADATA, rule);

/** Account holders only (a signed-in person), never app or public tokens. */
export const AccountOnly = () => Accepts('account');

/**
 * A route for signed-in account holders, as the guard and the OpenAPI document both need it: the access
 * rule, the bearer scheme, and the 401/403 answers every such route can give.
 */
export const AccountRoute = () =>
  applyDecorators(
    AccountOnly(),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: '`unauthenticated` or `invalid_token`.' }),
    ApiForbiddenResponse({ description: '`insufficient_scope`: an app or public token.' }),
  );

/** The `:id` of `/v1/user/stores/:id/…`, as the OpenAPI document describes it. */
export const StoreIdParam = () =>
  ApiParam({ name: 'id', format: 'uuid', description: "One of the caller's stores." });

export const STORE_NOT_FOUND =
  '`store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed).';
/** The 404 of a store route where only the store itself can be missing. */
export const StoreNotFoundResponse = () => ApiNotFoundResponse({ description: STORE_NOT_FOUND });

export const ACCOUNT_PROFILE_METADATA = 'storefront:account-profile';
/**
 * The route needs the caller's account (e-mail, providers): the guard reads it in the same query as the
 * session's revocation check, so the request makes one database round trip instead of two.
 */
export const WithAccountProfile = () => SetMetadata(ACCOUNT_PROFILE_METADATA, true);

/** The caller the guard resolved for this request. */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  return ctx.switchToHttp().getRequest<{ caller: Caller }>().caller;
});

export const STEP_UP_METADATA = 'storefront:step-up';
/** What a step-up route declares: always, or only when the JSON body carries `bodyKey` (a setting). */
export interface StepUpRule {
  bodyKey?: string;
}
/**
 * (v1.4) The route needs step-up (RFC 9470) from an account that has a second factor: one verified in
 * this session within the last 600 s. The guard reads that in the same statement as the session's
 * revocation check and answers 401 `step_up_required` before the handler runs; an account without a
 * factor is never asked. `bodyKey`: only when the body sets that member (e.g. `requireTwoFactor`).
 */
export const StepUp = (rule: StepUpRule = {}) =>
  applyDecorators(
    SetMetadata(STEP_UP_METADATA, rule),
    ApiUnauthorizedResponse({
      description:
        '`unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.',
    }),
  );
