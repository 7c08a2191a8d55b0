import { DomainError } from '../errors/domain-error';
import { graphqlCodeFor } from '../errors/error-table';
import {
  canonicalPublicScopes,
  APP_SCOPES,
  canonicalScopes,
  DEFAULT_PUBLIC_TOKEN_SCOPES,
  narrowScopes,
  PUBLIC_TOKEN_SCOPES,
  CART_SCOPE,
  requireCartScope,
  requireScope,
  requireScopeRule,
  SCOPES,
  ScopedCaller,
  scopeSentence,
} from './scopes';

describe('app scopes', () => {
  const all = ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'];

  it("are every scope but the public token's cart scope, in the order responses use", () => {
    expect([...APP_SCOPES]).toEqual(all);
    expect([...SCOPES]).toEqual([...all, 'cart:write']);
  });

  it('orders and deduplicates', () => {
    expect(canonicalScopes(['orders:write', 'store:read', 'orders:write', 'bogus'])).toEqual([
      'store:read',
      'orders:write',
    ]);
  });

  it('grants everything the app has when no scope is asked for', () => {
    expect(narrowScopes(undefined, ['products:read', 'store:read'])).toEqual(['store:read', 'products:read']);
    expect(narrowScopes('   ', all)).toEqual(all);
  });

  it('narrows to a subset', () => {
    expect(narrowScopes('products:read store:read', all)).toEqual(['store:read', 'products:read']);
    expect(narrowScopes('store:read  store:read', all)).toEqual(['store:read']);
  });

  it('refuses unknown scopes, scopes outside the grant and malformed lists', () => {
    expect(narrowScopes('store:write', all)).toBeNull();
    expect(narrowScopes('orders:read', ['store:read'])).toBeNull();
    expect(narrowScopes('store:read\tproducts:read', all)).toBeNull();
    expect(narrowScopes('Store:Read', all)).toBeNull();
    expect(narrowScopes('store:read "x"', all)).toBeNull();
  });
});

describe('public token scopes', () => {
  it('are the two read scopes and cart:write (not in the default), kept deduplicated and in canonical order', () => {
    expect([...PUBLIC_TOKEN_SCOPES]).toEqual(['store:read', 'products:read', 'cart:write']);
    expect([...DEFAULT_PUBLIC_TOKEN_SCOPES]).toEqual(['store:read', 'products:read']);
    expect(canonicalPublicScopes(['cart:write', 'store:read'])).toEqual(['store:read', 'cart:write']);
    expect(canonicalPublicScopes(['products:read', 'orders:write', 'store:read', 'products:read'])).toEqual([
      'store:read',
      'products:read',
    ]);
  });
});

const app = (scopes: string[]): ScopedCaller => ({
  kind: 'app',
  appId: 'a',
  storeId: 's',
  scopes,
  jti: 'j',
});
const pub = (scopes: string[]): ScopedCaller => ({ kind: 'public', tokenId: 't', storeId: 's', scopes });

/** The code a GraphQL client would see for the refusal (the error table's mapping). */
function code(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return graphqlCodeFor((error as DomainError).code);
  }
}

describe('requireScope', () => {
  it('lets an app do what its scopes say and nothing else', () => {
    const caller = app(['products:read', 'orders:write']);
    expect(code(() => requireScope(caller, 'products:read'))).toBeNull();
    expect(code(() => requireScope(caller, 'orders:write'))).toBeNull();
    expect(code(() => requireScope(caller, 'store:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(caller, 'products:write'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(caller, 'orders:read'))).toBe('FORBIDDEN');
  });

  it('keeps public tokens read-only and away from orders even with a forged scope list', () => {
    const caller = pub(['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write']);
    expect(code(() => requireScope(caller, 'store:read'))).toBeNull();
    expect(code(() => requireScope(caller, 'products:read'))).toBeNull();
    expect(code(() => requireScope(caller, 'products:write'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(caller, 'orders:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(caller, 'orders:write'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(pub(['store:read']), 'products:read'))).toBe('FORBIDDEN');
  });

  it('lets a public token write carts with cart:write, an app with orders:write, and never the other way', () => {
    expect(code(() => requireCartScope(pub(['cart:write'])))).toBeNull();
    expect(code(() => requireCartScope(pub(['store:read', 'products:read'])))).toBe('FORBIDDEN');
    expect(code(() => requireCartScope(app(['orders:write'])))).toBeNull();
    expect(code(() => requireCartScope(app(['orders:read', 'products:read'])))).toBe('FORBIDDEN');
    expect(code(() => requireScope(app(['cart:write']), 'cart:write'))).toBe('FORBIDDEN');
    // cart:write opens neither the catalogue nor orders
    expect(code(() => requireScope(pub(['cart:write']), 'products:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScope(pub(['cart:write']), 'orders:read'))).toBe('FORBIDDEN');
  });
});

describe('declared scope rules', () => {
  it('checks the one scope, or the one of the caller kind', () => {
    expect(code(() => requireScopeRule(pub(['products:read']), 'products:read'))).toBeNull();
    expect(code(() => requireScopeRule(pub(['products:read']), 'store:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScopeRule(pub(['cart:write']), CART_SCOPE))).toBeNull();
    expect(code(() => requireScopeRule(app(['orders:write']), CART_SCOPE))).toBeNull();
    expect(code(() => requireScopeRule(app(['cart:write', 'orders:read']), CART_SCOPE))).toBe('FORBIDDEN');
    expect(code(() => requireScopeRule(pub(['orders:write']), CART_SCOPE))).toBe('FORBIDDEN');
  });

  it('says in the description what it checks: apps only when no public token can hold the scope', () => {
    expect(scopeSentence('store:read')).toBe('Scope: store:read.');
    expect(scopeSentence('products:read')).toBe('Scope: products:read.');
    expect(scopeSentence('products:write')).toBe('Apps only. Scope: products:write.');
    expect(scopeSentence('orders:read')).toBe('Apps only. Scope: orders:read.');
    expect(scopeSentence(CART_SCOPE)).toBe('Scope: cart:write (public tokens) or orders:write (apps).');
  });
});
