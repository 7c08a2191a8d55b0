import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import {
  ACCESS_METADATA,
  ACCOUNT_PROFILE_METADATA,
  AccessRule,
  AccountCaller,
  Caller,
  DomainError,
  Errors,
  isUuid,
  requireScopeRule,
  SCOPE_METADATA,
  ScopedCaller,
  ScopeRule,
  STEP_UP_METADATA,
  StepUpRule,
  STORE_ACCESS_METADATA,
  StoreAccessRule,
} from '@app/core';
import { FactorErrors } from '../factors/factors.errors';
import { roleAllows } from '@app/sdk';
import type { FastifyRequest } from 'fastify';
import type { GraphQLResolveInfo } from 'graphql';
import { Passport } from 'passport';
import { BEARER_TOKEN_KINDS, BearerRequest, BearerTokenKind } from '../strategies/bearer.strategy';
import { runStrategy } from '../strategies/passport-runner';

const QUERY_TOKEN_PARAMS = ['access_token', 'token', 'refresh_token'];

interface Declared {
  rule: AccessRule | undefined;
  /** @WithAccountProfile on an account route: the account is read in the revocation query. */
  withProfile: boolean;
  /** @StoreAccess on an account route: the caller's membership is read in the revocation query. */
  store: StoreAccessRule | undefined;
  /** (v1.4) @StepUp on an account route: whether the session must step up is read in the same query. */
  stepUp: StepUpRule | undefined;
  /** @RequireScope on a storefront GraphQL field: the scope the app or public token must hold. */
  scope: ScopeRule | undefined;
}

/** The detail of a store route's 404, by its code (the same words as the contexts' own errors). */
const NOT_FOUND_DETAIL: Partial<Record<string, string>> = {
  store_not_found: 'No such store.',
  app_not_found: 'No such app.',
};

/**
 * The one global guard, NestJS's "authenticated everywhere, @Public() to opt out" and deny by default:
 * a route that declares nothing is closed. It parses the bearer token, hands it to the passport strategy
 * of its kind (BEARER_TOKEN_KINDS, wired in the composition root: passport-jwt for the platform's JWTs,
 * an opaque-token strategy for `sfp_` public tokens), and checks that the route accepts that kind of
 * caller. Every strategy does its revocation read, so a revoked token is refused on the very next
 * request, on every instance.
 *
 * On a store route (@StoreAccess) it also decides store access, the one rule for every route on a store:
 * the account token's revocation read brings the caller's membership of the route's store in the same
 * statement (found from the path, the query or the body, or through a locator such as an app's id), and
 * the route's permission is checked against the role by the one table (ROLE_PERMISSIONS). A non-member is
 * the route's 404 (existence is never revealed), a member whose role does not allow it 403
 * `insufficient_role`; an allowed caller carries the store and its role to the handler (@CurrentStore()).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly passport = new Passport();
  /** The opaque kinds' token prefixes and strategy names in this guard's Passport instance. */
  private readonly prefixes: [prefix: string, strategy: string][] = [];
  private readonly jwtStrategy: string;
  /**
   * What each handler declares, read from its metadata once: the decorators are fixed at start, and the
   * metadata walk (reflect-metadata over handler and class) is a measurable part of every request.
   */
  private readonly declared = new WeakMap<object, WeakMap<object, Declared>>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(BEARER_TOKEN_KINDS) kinds: BearerTokenKind[],
  ) {
    const fallback = kinds.filter((k) => !k.prefix);
    if (fallback.length !== 1) throw new Error('BEARER_TOKEN_KINDS needs exactly one kind without a prefix');
    kinds.forEach((kind, i) => {
      const name = `bearer-${i}`;
      this.passport.use(name, kind.strategy);
      if (kind.prefix) this.prefixes.push([kind.prefix, name]);
    });
    this.jwtStrategy = `bearer-${kinds.indexOf(fallback[0])}`;
  }

  // Not async: a public route (health probes, sign-in) is answered without a promise in between.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const declared = this.declaredBy(context);
    if (declared.rule?.public) return true;
    // Not async either: it runs for every resolved field of every parent (fieldResolverEnhancers).
    if (context.getType<string>() === 'graphql') return checkGraphql(context, declared);
    return this.check(context, declared);
  }

  private declaredBy(context: ExecutionContext): Declared {
    const handler = context.getHandler();
    const cls = context.getClass();
    let byHandler = this.declared.get(cls);
    if (!byHandler) this.declared.set(cls, (byHandler = new WeakMap()));
    let declared = byHandler.get(handler);
    if (!declared) {
      const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [handler, cls]);
      // Only account routes can ask for the account to be read with the session check.
      const withProfile =
        !!rule &&
        !rule.public &&
        rule.kinds.includes('account') &&
        this.reflector.get<boolean | undefined>(ACCOUNT_PROFILE_METADATA, handler) === true;
      // Only account routes have store access to decide.
      const store =
        !!rule && !rule.public && rule.kinds.includes('account')
          ? this.reflector.getAllAndOverride<StoreAccessRule | undefined>(STORE_ACCESS_METADATA, [
              handler,
              cls,
            ])
          : undefined;
      const stepUp =
        !!rule && !rule.public && rule.kinds.includes('account')
          ? this.reflector.get<StepUpRule | undefined>(STEP_UP_METADATA, handler)
          : undefined;
      const scope = this.reflector.get<ScopeRule | undefined>(SCOPE_METADATA, handler);
      declared = { rule, withProfile, store, stepUp, scope };
      byHandler.set(handler, declared);
    }
    return declared;
  }

  private async check(context: ExecutionContext, declared: Declared): Promise<boolean> {
    const { withProfile, store } = declared;
    const rule = declared.rule as Exclude<AccessRule, { public: true }> | undefined; // public ones returned above
    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: Caller }>();
    const value = store ? storeValue(request, store) : undefined;
    // A malformed value reads no membership; the token is still checked first (401 before 404).
    const locate = store && isUuid(value) ? { locator: store.locator, value } : undefined;
    const stepUp = declared.stepUp && stepUpAsked(request, declared.stepUp);
    const caller = await this.authenticate(request, withProfile, locate, stepUp);
    if (!rule || !rule.kinds.includes(caller.kind)) throw Errors.insufficientScope();
    if (store) checkStoreAccess(caller as AccountCaller, store, request, locate !== undefined);
    // After store access (a non-member learns nothing, a role that may not act is not asked to prove more).
    if (stepUp && caller.kind === 'account' && caller.stepUpNeeded) throw FactorErrors.stepUpRequired();
    request.caller = caller;
    return true;
  }

  /**
   * Resolves the bearer token to a live caller through its kind's passport strategy, or throws 401.
   * Also the storefront hook's way in, so REST and GraphQL authenticate through the same code.
   */
  async authenticate(
    request: FastifyRequest,
    withProfile = false,
    store?: BearerRequest['store'],
    stepUp = false,
  ): Promise<Caller> {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && QUERY_TOKEN_PARAMS.some((p) => p in query)) {
      throw Errors.invalidToken(
        'Tokens are not accepted in the query string; send an Authorization: Bearer header.',
      );
    }
    const header = request.headers.authorization;
    if (!header) throw Errors.unauthenticated();
    const match = /^Bearer +([\x21-\x7e]+) *$/i.exec(header);
    if (!match) throw Errors.invalidToken('The Authorization header must be "Bearer <token>".');
    const token = match[1];
    const opaque = this.prefixes.find(([prefix]) => token.startsWith(prefix));
    // The strategy gets what it needs on an object of its own, not the HTTP request: the raw token never
    // sits on the request, and passport's per-call properties (logIn, isAuthenticated…) land on this small
    // object instead of reshaping every Fastify request.
    const bearer: BearerRequest = { bearerToken: token, withAccountProfile: withProfile, store, stepUp };
    const outcome = await runStrategy<Caller>(this.passport, opaque ? opaque[1] : this.jwtStrategy, bearer);
    // A thrown error (the database is down) keeps its own answer; a refused token is 401.
    if (outcome.kind === 'error') throw outcome.error;
    if (outcome.kind !== 'success') throw Errors.invalidToken();
    return outcome.user;
  }
}

/**
 * GraphQL resolvers (the storefront, libs/storefront): the request was already authenticated — through
 * AccessGuard.authenticate(), revocation read included — by the storefront's HTTP hook, which must answer
 * 401/403 as HTTP statuses before Apollo runs, and which leaves the caller on the request. Here: that it
 * did, that the resolver accepts that kind of caller, and the scope the field declares (@RequireScope),
 * before its resolver and its arguments' validation run. Still deny by default: no rule, or a query or
 * mutation without a scope, is refused. A resolved field without one is reached only through a field
 * that had one (Order.lines, Cart.order).
 */
function checkGraphql(context: ExecutionContext, { rule, scope }: Declared): true {
  const gql = GqlExecutionContext.create(context);
  const caller = gql.getContext<{ req?: { caller?: Caller } }>()?.req?.caller;
  if (!caller) throw Errors.unauthenticated();
  if (!rule || rule.public || !rule.kinds.includes(caller.kind)) throw Errors.insufficientScope();
  if (scope) requireScopeRule(caller as ScopedCaller, scope);
  else if (isRootField(gql.getInfo<GraphQLResolveInfo>())) throw Errors.insufficientScope();
  return true;
}

function isRootField({ parentType, schema }: GraphQLResolveInfo): boolean {
  return parentType === schema.getQueryType() || parentType === schema.getMutationType();
}

/** Does this request need step-up: always on a @StepUp route, or when the body sets the rule's member. */
function stepUpAsked(request: FastifyRequest, rule: StepUpRule): boolean {
  if (!rule.bodyKey) return true;
  const body = request.body;
  return !!body && typeof body === 'object' && (body as Record<string, unknown>)[rule.bodyKey] !== undefined;
}

/** Where the route says its store is: a path parameter, a query parameter or a member of the JSON body. */
function storeValue(request: FastifyRequest, rule: StoreAccessRule): unknown {
  const from =
    rule.source === 'param' ? request.params : rule.source === 'query' ? request.query : request.body;
  return from && typeof from === 'object' ? (from as Record<string, unknown>)[rule.key] : undefined;
}

/**
 * The store-access decision, from the membership the revocation read brought: not a member (or nothing
 * there) → the route's 404; a role the table does not allow → 403 insufficient_role, unless the route lets
 * a member act on themselves (leaving) and the path names the caller.
 */
function checkStoreAccess(
  caller: AccountCaller,
  rule: StoreAccessRule,
  request: FastifyRequest,
  wellFormed: boolean,
): void {
  if (!wellFormed && rule.source !== 'param') {
    // A store id in the body or query that is not a uuid is bad input, as the route's DTO would say.
    throw Errors.validation([{ field: rule.key, message: `${rule.key} must be a UUID` }]);
  }
  const membership = caller.membership;
  if (!wellFormed || !membership) throw new DomainError(rule.notFound, NOT_FOUND_DETAIL[rule.notFound]);
  // (v1.4) Before any role check: a store that requires a second factor refuses a member without one.
  if (membership.twoFactorRequired && caller.secondFactor === false) throw FactorErrors.twoFactorRequired();
  if (roleAllows(membership.role, rule.permission)) return;
  if (rule.orSelf) {
    const named = (request.params as Record<string, unknown> | undefined)?.[rule.orSelf];
    if (typeof named === 'string' && named.toLowerCase() === caller.accountId) return;
  }
  throw new DomainError(
    'insufficient_role',
    `A member with the role ${membership.role} may not do this in this store.`,
  );
}
