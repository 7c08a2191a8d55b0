import {
  ACCESS_METADATA,
  AccessRule,
  PUBLIC_TOKEN_SCOPES,
  SCOPE_METADATA,
  ScopeRule,
  StepUpRule,
  StoreAccessRule,
} from '@app/core';
import { ModulesContainer } from '@nestjs/core';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { registeredRoutes } from '@app/testing/registered-routes';
import { TestApp } from '@app/testing/test-app';

/**
 * The route map: every REST route and every GraphQL field resolver the application wires, with the file
 * it lives in and who may call it — walked from Nest's own module container, so nothing registered can be
 * missing. The committed docs/routes.md must equal it: "where does this URL live" has one answer, and
 * every new route or access change shows up in review. Regenerate with
 * `UPDATE_ROUTES=1 npm test -- test/http/route-map.e2e-spec.ts`.
 */
const ROOT = join(__dirname, '..', '..');
const MAP_FILE = join(ROOT, 'docs', 'routes.md');

/** class name → the source file that declares it. */
function classIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'dist' && name !== 'node_modules') walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/export class (\w+)/g))
          index.set(m[1], relative(ROOT, path));
      }
    }
  };
  walk(join(ROOT, 'libs'));
  walk(join(ROOT, 'apps', 'api'));
  return index;
}

function describeRule(rule: AccessRule | undefined, store?: StoreAccessRule, stepUp?: StepUpRule): string {
  if (!rule) return 'nobody (no rule: denied)';
  if (rule.public) return 'public';
  const stepped = stepUp ? `; step-up${stepUp.bodyKey ? ` when setting ${stepUp.bodyKey}` : ''}` : '';
  return rule.kinds.join(', ') + (store ? `; ${describeStoreAccess(store)}` : '') + stepped;
}

/** "member: integrations (store of app :appId; else app_not_found)" — who among the store's members. */
function describeStoreAccess(store: StoreAccessRule): string {
  const where = store.source === 'param' ? `:${store.key}` : `${store.source} ${store.key}`;
  const found =
    store.locator === 'store'
      ? where === ':id'
        ? ''
        : ` (store ${where})`
      : ` (store of ${store.locator} ${where})`;
  const notFound = store.notFound === 'store_not_found' ? '' : `; else ${store.notFound}`;
  const self = store.orSelf ? `, or the member :${store.orSelf} itself` : '';
  return `member: ${store.permission}${self}${found}${notFound}`;
}

/**
 * Account routes under /v1/user/stores that act on no one store, so declare no store permission: the
 * caller's own list of stores, and stage 1, which creates one. Every other one must say who among the
 * store's members may call it (@StoreAccess): the test below fails for a route that does not.
 */
const STORELESS_ROUTES = ['GET /v1/user/stores/@me', 'POST /v1/user/stores/onboarding/stage1'];

/** The scope a field declares (@RequireScope), as the guard checks it. */
function scopeNote(rule: ScopeRule | undefined): string {
  if (!rule) return '';
  if (typeof rule !== 'string') return `; scope ${rule.public} (public tokens) or ${rule.app} (apps)`;
  return (PUBLIC_TOKEN_SCOPES as readonly string[]).includes(rule)
    ? `; scope ${rule}`
    : `; apps only, scope ${rule}`;
}

describe('route map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t?.close());

  it('docs/routes.md lists every route and resolver with its file and access rule', () => {
    const files = classIndex();
    const rest: string[] = [];
    const graphql: string[] = [];
    const seen = new Set<unknown>();
    const undeclared: string[] = [];
    const unscoped: string[] = [];
    for (const route of registeredRoutes(t.app)) {
      const key = `${route.method} ${route.path}`;
      const { rule, store, stepUp } = route;
      if (
        route.path.startsWith('/v1/user/stores') &&
        rule &&
        !rule.public &&
        !store &&
        !STORELESS_ROUTES.includes(key)
      ) {
        undeclared.push(key);
      }
      rest.push(
        `| ${route.method} | \`${route.path}\` | \`${files.get(route.controller)}\` (${route.controller}.${route.handler}) | ${describeRule(rule, store, stepUp)} |`,
      );
    }
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.providers.values()) {
        const resolver = wrapper.metatype as (new (...args: never[]) => unknown) | null;
        if (!resolver || typeof resolver !== 'function' || seen.has(resolver)) continue;
        // @Resolver(() => Type) records the GraphQL type's name on the class.
        const parent = Reflect.getMetadata('graphql:resolver_name', resolver) as string | undefined;
        if (typeof parent !== 'string') continue;
        seen.add(resolver);
        const classRule = Reflect.getMetadata(ACCESS_METADATA, resolver) as AccessRule | undefined;
        for (const key of Object.getOwnPropertyNames(resolver.prototype)) {
          const fn = (resolver.prototype as Record<string, unknown>)[key];
          if (key === 'constructor' || typeof fn !== 'function') continue;
          // @Query/@Mutation mark the method with its root type; the field is named after the method
          // unless the decorator names it. @ResolveField names the field.
          const root = Reflect.getMetadata('graphql:resolver_type', fn) as string | undefined;
          const isRoot = root === 'Query' || root === 'Mutation';
          const name =
            (Reflect.getMetadata('graphql:resolver_name', fn) as string | undefined) ??
            (isRoot ? key : undefined);
          if (!name) continue;
          const field = `${isRoot ? root : parent}.${name}`;
          const rule = (Reflect.getMetadata(ACCESS_METADATA, fn) as AccessRule | undefined) ?? classRule;
          const scope = Reflect.getMetadata(SCOPE_METADATA, fn) as ScopeRule | undefined;
          // The guard refuses a query or mutation that declares no scope: list any here, before a client.
          if (isRoot && !scope) unscoped.push(field);
          graphql.push(
            `| \`${field}\` | \`${files.get(resolver.name)}\` (${resolver.name}.${key}) | ${describeRule(rule)}${scopeNote(scope)} |`,
          );
        }
      }
    }
    rest.sort((a, b) => a.split('|')[2].localeCompare(b.split('|')[2]) || a.localeCompare(b));
    graphql.sort();
    const map = [
      '# Route map',
      '',
      'Generated by `test/http/route-map.e2e-spec.ts` from the running application; do not edit — regenerate with',
      '`UPDATE_ROUTES=1 npm test -- test/http/route-map.e2e-spec.ts`. "Who" is the access rule the global guard',
      'applies (deny by default); on a store route, "member: <permission>" says which members of the store may call',
      "it (the roles table, `ROLE_PERMISSIONS` in `libs/sdk/src/roles.ts`; a non-member gets the route's 404, a member",
      'whose role lacks the permission 403 `insufficient_role`). GraphQL fields are reached through `/v1/storefront/graphql`, and a field',
      "notes the scope it declares (@RequireScope: the guard checks it before the resolver runs, and the schema description says it). The web console's static routes (`/`, a redirect to it, and `/console`,",
      '`apps/api/src/http/console.routes.ts`) and the OpenAPI UI (`/docs`) are served by Fastify directly and are public.',
      '',
      '## REST',
      '',
      '| method | path | file (handler) | who |',
      '|---|---|---|---|',
      ...rest,
      '',
      '## GraphQL (`/v1/storefront/graphql`)',
      '',
      '| field | file (resolver) | who |',
      '|---|---|---|',
      ...graphql,
      '',
    ].join('\n');
    expect(rest.length).toBeGreaterThan(30);
    expect(graphql.length).toBeGreaterThan(8);
    // Every route states who may call it (a missing rule would be denied: better caught here).
    expect([...rest, ...graphql].filter((line) => line.includes('no rule'))).toEqual([]);
    // Every account route on a store states which members may call it (@StoreAccess): without one, any
    // signed-in account would pass the guard, and the route would have to check the store itself.
    expect(undeclared).toEqual([]);
    // Every storefront query and mutation states its scope (ScopedQuery, ScopedMutation).
    expect(unscoped).toEqual([]);
    if (process.env.UPDATE_ROUTES === '1') writeFileSync(MAP_FILE, map);
    expect(readFileSync(MAP_FILE, 'utf8')).toBe(map);
  });
});
