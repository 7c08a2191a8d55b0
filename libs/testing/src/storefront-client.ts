import { APP_SCOPES } from '@app/sdk';
import type { TestApp, TestResponse } from './test-app';

export const ALL_APP_SCOPES: string[] = [...APP_SCOPES];
export const GRAPHQL = '/v1/storefront/graphql';

export interface GqlOptions {
  headers?: Record<string, string>;
  operationName?: string;
}

/**
 * Real tokens from the real routes: an account signs in (OTP through the mail catcher), creates a store
 * (onboarding stage 1), an OAuth app (client credentials → app JWT) and public tokens.
 */
export class StorefrontClient {
  constructor(readonly t: TestApp) {}

  /** An account's access token (signed in by OTP); the account becomes a store's owner by creating it. */
  async account(email: string): Promise<string> {
    return (await this.t.signIn(email)).access_token;
  }

  async store(accountToken: string, name: string): Promise<string> {
    const res = await this.t.post(
      '/v1/user/stores/onboarding/stage1',
      { name, description: `${name} sells things` },
      { token: accountToken },
    );
    if (res.status !== 201) throw new Error(`store creation failed: ${res.status} ${res.text}`);
    return res.body.id;
  }

  async app(
    accountToken: string,
    storeId: string,
    scopes?: string[],
  ): Promise<{ id: string; clientId: string; clientSecret: string }> {
    const res = await this.t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'Test app', ...(scopes ? { scopes } : {}) },
      { token: accountToken },
    );
    if (res.status !== 201) throw new Error(`app creation failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async appToken(client: { clientId: string; clientSecret: string }, scope?: string): Promise<string> {
    const res = await this.t.post('/v1/auth/oauth/token', {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      ...(scope ? { scope } : {}),
    });
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
    return res.body.access_token;
  }

  /** A store's app token with the given scopes (default: all). */
  async appTokenFor(accountToken: string, storeId: string, scopes?: string[]): Promise<string> {
    return this.appToken(await this.app(accountToken, storeId, scopes));
  }

  async publicToken(
    accountToken: string,
    storeId: string,
    scopes?: string[],
  ): Promise<{ id: string; token: string }> {
    const res = await this.t.post(
      `/v1/user/stores/${storeId}/public-tokens`,
      { name: 'Browser', ...(scopes ? { scopes } : {}) },
      { token: accountToken },
    );
    if (res.status !== 201) throw new Error(`public token creation failed: ${res.status} ${res.text}`);
    return res.body;
  }

  gql<T = any>(
    token: string | undefined,
    query: string,
    variables?: Record<string, unknown>,
    options: GqlOptions = {},
  ): Promise<TestResponse<T>> {
    return this.t.post(
      GRAPHQL,
      {
        query,
        ...(variables ? { variables } : {}),
        ...(options.operationName ? { operationName: options.operationName } : {}),
      },
      {
        token,
        headers: options.headers,
      },
    );
  }

  /** A GraphQL call expected to succeed without errors: its data. */
  async data<T = any>(token: string, query: string, variables?: Record<string, unknown>): Promise<T> {
    const res = await this.gql(token, query, variables);
    if (res.status !== 200 || res.body.errors) throw new Error(`GraphQL failed: ${res.status} ${res.text}`);
    return res.body.data;
  }

  async createProduct(token: string, input: Record<string, unknown>): Promise<any> {
    const data = await this.data(
      token,
      `mutation($input: ProductCreateInput!) { productCreate(input: $input) { id handle title description price { amount currencyCode } inventory createdAt updatedAt } }`,
      { input },
    );
    return data.productCreate;
  }
}

/** The one error of a GraphQL response, for assertions. */
export function gqlError(res: TestResponse): { code: string; message: string; status: number } {
  const errors = res.body?.errors;
  if (!Array.isArray(errors) || errors.length === 0)
    throw new Error(`no GraphQL error in ${res.status} ${res.text}`);
  return { code: errors[0].extensions?.code, message: errors[0].message, status: res.status };
}
