import { canonicalScopes, narrowScopes } from './scopes';

describe('app scopes', () => {
  const all = ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'];

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
