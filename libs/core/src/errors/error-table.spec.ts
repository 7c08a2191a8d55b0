import { DomainError, errorFactory, Errors } from './domain-error';
import { codeForStatus, ERROR_TABLE, ErrorCode, graphqlCodeFor } from './error-table';
import { problemBody } from './problem';

describe('error table', () => {
  it('gives every code an error status, a title, and logs only what is not the client’s doing', () => {
    for (const [code, spec] of Object.entries(ERROR_TABLE)) {
      expect({ code, ok: spec.status >= 400 && spec.status < 600 && spec.title.length > 0 }).toEqual({
        code,
        ok: true,
      });
      expect({ code, log: spec.log === 'none' }).toEqual({ code, log: spec.status < 500 });
    }
  });

  it('takes status, title and standing headers from the table; the case adds detail and its own headers', () => {
    const error = new DomainError('invalid_token', 'Expired.');
    expect([error.status, error.title, error.message]).toEqual([401, 'Invalid token', 'Expired.']);
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    const basic = new DomainError('invalid_client', 'No.', { headers: { 'WWW-Authenticate': 'Basic' } });
    expect(basic.headers).toEqual({ 'WWW-Authenticate': 'Basic' });
    expect(new DomainError('not_found').options.detail).toBe('Not found');
    expect(Errors.rateLimited(2.2).options.retryAfter).toBe(3);
  });

  it('renders problem+json from the code alone', () => {
    const body = problemBody(
      new DomainError('onboarding_incomplete', 'Stage 3 is not filled.', {
        extensions: { missingStages: [3] },
      }),
      'req-1',
    );
    expect(body).toEqual({
      type: 'https://storefront.dev/problems/onboarding-incomplete',
      title: 'Conflict',
      status: 409,
      detail: 'Stage 3 is not filled.',
      code: 'onboarding_incomplete',
      requestId: 'req-1',
      missingStages: [3],
    });
  });

  it('maps framework statuses to codes of the table', () => {
    expect(codeForStatus(405)).toBe('method_not_allowed');
    expect(codeForStatus(418)).toBe('bad_request');
  });

  it('gives every code its GraphQL code: its own where the table names one, else its status says', () => {
    const graphql = (codes: ErrorCode[]) => codes.map(graphqlCodeFor);
    expect(graphql(['validation_failed', 'malformed_body', 'conflict', 'order_status_conflict'])).toEqual(
      Array(4).fill('BAD_USER_INPUT'),
    );
    // (v1.3, contract §15) the storefront's own codes for these
    expect(graphql(['rate_limited', 'price_changed', 'cart_completed', 'cart_not_found'])).toEqual([
      'RATE_LIMITED',
      'PRICE_CHANGED',
      'CART_COMPLETED',
      'NOT_FOUND',
    ]);
    expect(graphql(['unauthenticated', 'invalid_token'])).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(graphql(['forbidden', 'insufficient_scope'])).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect(graphql(['not_found', 'store_not_found'])).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(graphql(['out_of_stock', 'unavailable', 'internal_error', 'mail_unavailable'])).toEqual([
      'OUT_OF_STOCK',
      'UNAVAILABLE',
      'INTERNAL_SERVER_ERROR',
      'INTERNAL_SERVER_ERROR',
    ]);
  });

  it("renders one refusal per transport, never renamed: the storefront's codes over REST and GraphQL", () => {
    const both = (code: ErrorCode) => [ERROR_TABLE[code].status, code, graphqlCodeFor(code)];
    const codes: ErrorCode[] = ['product_not_found', 'order_not_found', 'store_not_found', 'handle_taken'];
    expect(codes.map(both)).toEqual([
      [404, 'product_not_found', 'NOT_FOUND'],
      [404, 'order_not_found', 'NOT_FOUND'],
      [404, 'store_not_found', 'NOT_FOUND'],
      [409, 'handle_taken', 'BAD_USER_INPUT'],
    ]);
  });

  it('limits a context to the codes it declares', () => {
    const storeError = errorFactory(['store_not_found'] as const satisfies readonly ErrorCode[]);
    expect(storeError('store_not_found').status).toBe(404);
    // @ts-expect-error a code the context did not declare does not compile
    expect(storeError('app_not_found').code).toBe('app_not_found');
  });
});
