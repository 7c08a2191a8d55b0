import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { buildSchema, GraphQLObjectType } from 'graphql';
import { Accepts, CART_SCOPE, Caller, DomainError, RequireScope } from '@app/core';
import type { BearerTokenKind } from '../strategies/bearer.strategy';
import { AccessGuard } from './access.guard';

// The guard's GraphQL branch: what a storefront field declares (@Accepts on its class, @RequireScope on
// it) against the caller the storefront's HTTP hook left on the request. The HTTP side is covered end to
// end (test/storefront/auth.e2e-spec.ts); this pins deny by default, which no served field can show.

@Accepts('app', 'public')
class Fields {
  @RequireScope('products:read')
  products(): void {}

  @RequireScope(CART_SCOPE)
  cart(): void {}

  undeclared(): void {}
}

class NoKinds {
  @RequireScope('store:read')
  store(): void {}
}

const schema = buildSchema('type Query { a: Int } type Mutation { b: Int } type Order { c: Int }');
const ORDER = schema.getType('Order') as GraphQLObjectType;

const guard = new AccessGuard(new Reflector(), [{ strategy: {} } as unknown as BearerTokenKind]);

const app = (scopes: string[]): Caller => ({ kind: 'app', appId: 'a', storeId: 's', scopes, jti: 'j' });
const pub = (scopes: string[]): Caller => ({ kind: 'public', tokenId: 't', storeId: 's', scopes });

/** The refusal's code, or 'ok' when the guard lets the field run. */
function outcome(
  caller: Caller | undefined,
  cls: new () => object,
  method: string,
  parentType: GraphQLObjectType | null | undefined = schema.getQueryType(),
): string {
  const handler = (cls.prototype as Record<string, () => void>)[method];
  const context = new ExecutionContextHost(
    [{}, {}, { req: { caller } }, { parentType, schema }],
    cls,
    handler,
  );
  context.setType('graphql');
  try {
    expect(guard.canActivate(context)).toBe(true);
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
}

describe('AccessGuard on storefront GraphQL fields', () => {
  it('lets a field run when the caller holds its scope, and refuses it otherwise', () => {
    expect(outcome(pub(['products:read']), Fields, 'products')).toBe('ok');
    expect(outcome(app(['products:read']), Fields, 'products')).toBe('ok');
    expect(outcome(pub(['store:read']), Fields, 'products')).toBe('forbidden');
    // A resolved field is checked like a root field.
    expect(outcome(pub(['store:read']), Fields, 'products', ORDER)).toBe('forbidden');
  });

  it('reads the scope of the caller kind from a per-kind rule', () => {
    expect(outcome(pub(['cart:write']), Fields, 'cart', schema.getMutationType())).toBe('ok');
    expect(outcome(app(['orders:write']), Fields, 'cart', schema.getMutationType())).toBe('ok');
    expect(outcome(app(['products:read']), Fields, 'cart', schema.getMutationType())).toBe('forbidden');
  });

  it('closes a query or mutation that declares no scope; a resolved field inherits its parent', () => {
    expect(outcome(app(['products:read']), Fields, 'undeclared')).toBe('insufficient_scope');
    expect(outcome(app(['products:read']), Fields, 'undeclared', schema.getMutationType())).toBe(
      'insufficient_scope',
    );
    expect(outcome(app(['products:read']), Fields, 'undeclared', ORDER)).toBe('ok');
  });

  it('refuses a class that accepts no kind, a kind it does not accept, and a request with no caller', () => {
    expect(outcome(app(['store:read']), NoKinds, 'store')).toBe('insufficient_scope');
    const account = { kind: 'account', accountId: 'x', sessionId: 'y' } as unknown as Caller;
    expect(outcome(account, Fields, 'products')).toBe('insufficient_scope');
    expect(outcome(undefined, Fields, 'products')).toBe('unauthenticated');
  });
});
