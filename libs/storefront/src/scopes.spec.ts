import { DomainError, graphqlCodeFor } from '@app/core';
import { requireScope, StorefrontCaller } from './scopes';

const app = (scopes: string[]): StorefrontCaller => ({
  kind: 'app',
  appId: 'a',
  storeId: 's',
  scopes,
  jti: 'j',
});
const pub = (scopes: string[]): StorefrontCaller => ({ kind: 'public', tokenId: 't', storeId: 's', scopes });

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
});
