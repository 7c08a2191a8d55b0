import { TestApp } from '@app/testing/test-app';
import { auditServer } from 'graphql-http';
import { GRAPHQL, StorefrontClient } from '@app/testing';

/**
 * The Storefront endpoint against the GraphQL-over-HTTP specification, as audited by the `graphql-http`
 * package's own server audits (a public token added to every audit request by a wrapping fetch).
 */
describe('storefront GraphQL over HTTP — graphql-http server audits', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.start();
    const sf = new StorefrontClient(t);
    const owner = await sf.account('audit@example.com');
    token = (await sf.publicToken(owner, await sf.store(owner, 'Audit Shop'))).token;
  });
  afterAll(() => t?.close());

  it('passes every audit', async () => {
    const fetchFn = (input: string | URL | Request, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    };
    const results = await auditServer({ url: t.baseUrl + GRAPHQL, fetchFn });
    const failed = results
      .filter((r) => r.status !== 'ok')
      .map((r) => `${r.status} ${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);
    expect(results.length).toBeGreaterThanOrEqual(61);
    expect(failed).toEqual([]);
  });
});
