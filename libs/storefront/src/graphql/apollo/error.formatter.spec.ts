import { Errors } from '@app/core';
import { GraphQLError } from 'graphql';
import { StorefrontErrors } from '../../storefront.errors';
import { formatStorefrontError, isUnexpected } from './error.formatter';

const wrap = (original: Error) =>
  new GraphQLError(original.message, { path: ['x'], originalError: original });
const format = (error: unknown, code = 'INTERNAL_SERVER_ERROR') =>
  formatStorefrontError({ message: (error as Error).message, path: ['x'], extensions: { code } }, error);

describe('formatStorefrontError', () => {
  it("puts a storefront DomainError's code and message on the wire", () => {
    const out = format(wrap(StorefrontErrors.outOfStock(['p1', 'p2'])));
    expect(out.extensions).toEqual({ code: 'OUT_OF_STOCK', productId: 'p1', productIds: ['p1', 'p2'] });
    expect(out.path).toEqual(['x']);
  });

  it('puts the checkout and lifecycle refusals on the wire with their extensions (contract §15)', () => {
    expect(
      format(wrap(StorefrontErrors.priceChanged({ amount: '30.00', currencyCode: 'USD' }))).extensions,
    ).toEqual({ code: 'PRICE_CHANGED', total: { amount: '30.00', currencyCode: 'USD' } });
    expect(format(wrap(StorefrontErrors.cartCompleted())).extensions).toEqual({ code: 'CART_COMPLETED' });
    expect(format(wrap(StorefrontErrors.cartNotFound())).extensions).toEqual({ code: 'NOT_FOUND' });
    expect(format(wrap(StorefrontErrors.currencyMismatch())).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'currency_mismatch',
    });
    expect(format(wrap(StorefrontErrors.orderStatusConflict('fulfilled', 'cancelled'))).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'order_status_conflict',
      orderStatus: 'fulfilled',
    });
    expect(format(wrap(Errors.rateLimited(12))).extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 12 });
  });

  it('maps the REST codes other contexts throw to GraphQL codes', () => {
    expect(
      format(wrap(Errors.validation([{ field: 'title', message: 'title should not be empty' }]))),
    ).toEqual({
      message: 'Invalid input: title should not be empty.',
      path: ['x'],
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'title', message: 'title should not be empty' }],
      },
    });
    expect(format(wrap(Errors.unauthenticated())).extensions?.code).toBe('UNAUTHENTICATED');
    expect(format(wrap(Errors.invalidToken())).extensions?.code).toBe('UNAUTHENTICATED');
    expect(format(wrap(Errors.insufficientScope())).extensions?.code).toBe('FORBIDDEN');
    expect(format(wrap(Errors.notFound('store_not_found'))).extensions?.code).toBe('NOT_FOUND');
    expect(format(wrap(Errors.unavailable())).extensions?.code).toBe('UNAVAILABLE');
  });

  it('hides unknown errors behind a generic message, and flags them for the log', () => {
    const bug = wrap(new Error('column "secret" of relation "x" does not exist'));
    const out = format(bug);
    expect(out.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(out.message).not.toContain('secret');
    expect(isUnexpected(bug)).toBe(true);
    expect(isUnexpected(wrap(StorefrontErrors.productNotFound()))).toBe(false);
  });

  it('reports an unreachable database as UNAVAILABLE, not as a bug', () => {
    const down = wrap(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    expect(format(down).extensions).toEqual({ code: 'UNAVAILABLE' });
    expect(isUnexpected(down)).toBe(false);
  });

  it("keeps the codes of GraphQL's own request errors", () => {
    const parse = new GraphQLError('Syntax Error: Unexpected Name "x".', {
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
    expect(format(parse, 'GRAPHQL_PARSE_FAILED').extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    expect(isUnexpected(parse)).toBe(false);
  });
});
