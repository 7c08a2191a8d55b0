import { GraphQLError, StorefrontError } from './errors';
import { catalogueReads, ListArgs, PRODUCT_FIELDS, sendGraphql } from './graphql';
import {
  apiError,
  CallOptions,
  ClientOptions,
  newIdempotencyKey,
  oauthError,
  Transport,
  withRequestId,
} from './transport';
import type { AppStore, Connection, Order, OrderInput, Product, ProductInput } from './types';

export interface AppClientOptions extends ClientOptions {
  clientId: string;
  clientSecret: string;
  /** Space-separated subset of the app's scopes (default: all of them). */
  scope?: string;
}

interface CachedToken {
  token: string;
  /** Renew from here on: half the lifetime, so at most one token per half lifetime. */
  renewAt: number;
  expiresAt: number;
}

/** After a refused token request, callers within this window get the same error instead of a new request. */
const FAILED_TOKEN_HOLD_MS = 1_000;

const ORDER_FIELDS = `id status customerEmail total { amount currencyCode } createdAt
  lines { quantity unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id handle title } }`;

/**
 * A server's client for one store, through an OAuth app (client credentials). It fetches its own access
 * token, keeps it, and renews it before it expires — one token request however many calls wait for it
 * (single flight). A call answered 401 gets a fresh token and is replayed once. Secrets stay on servers:
 * constructing it in a browser throws.
 */
export class AppClient {
  private readonly transport: Transport;
  private cached: CachedToken | null = null;
  private pending: Promise<CachedToken> | null = null;
  private failure: { error: unknown; until: number } | null = null;

  constructor(private readonly options: AppClientOptions) {
    const g = globalThis as { window?: unknown; document?: unknown };
    if (typeof g.window !== 'undefined' && typeof g.document !== 'undefined') {
      throw new StorefrontError(
        'AppClient holds a client secret and must not run in a browser; use StorefrontClient with a public token.',
      );
    }
    if (!options.clientId || !options.clientSecret)
      throw new StorefrontError('clientId and clientSecret are required.');
    this.transport = new Transport(options);
  }

  /** The current access token: cached, renewed past half its lifetime, one request for any number of callers. */
  async getAccessToken(): Promise<string> {
    return (await this.token()).token;
  }

  private async token(): Promise<CachedToken> {
    const now = Date.now();
    if (this.cached && now < this.cached.renewAt) return this.cached;
    if (this.failure && now < this.failure.until) throw this.failure.error;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    // A still-valid token keeps serving while its successor is fetched.
    if (this.cached && now < this.cached.expiresAt - 1_000) {
      this.pending.catch(() => undefined);
      return this.cached;
    }
    return this.pending;
  }

  /** The token request goes straight to the transport, never through the authenticated path. */
  private async fetchToken(): Promise<CachedToken> {
    const startedAt = Date.now();
    const basic = btoa(
      `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`,
    );
    const response = await this.transport.send({
      method: 'POST',
      path: '/v1/auth/oauth/token',
      form: {
        grant_type: 'client_credentials',
        ...(this.options.scope ? { scope: this.options.scope } : {}),
      },
      headers: { authorization: `Basic ${basic}` },
      // Asking again for a token changes nothing on the server: safe to retry.
      retryable: true,
    });
    if (response.status !== 200) {
      const error = oauthError(response);
      this.cached = null;
      this.failure = { error, until: Date.now() + FAILED_TOKEN_HOLD_MS };
      throw error;
    }
    const body = response.body as { access_token: string; expires_in: number };
    const lifetime = Math.max(1, Number(body.expires_in)) * 1000;
    this.failure = null;
    this.cached = {
      token: body.access_token,
      renewAt: startedAt + lifetime / 2,
      expiresAt: startedAt + lifetime,
    };
    return this.cached;
  }

  /** Drops the cached token if it is still the one that was refused (a newer one may already be there). */
  private invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  /** Runs a call with the token; a 401 gets a fresh token and one replay, a second 401 throws. */
  private async authorized<T>(
    call: (token: string) => Promise<T>,
    isUnauthorized: (error: unknown) => boolean,
  ): Promise<T> {
    const first = await this.getAccessToken();
    try {
      return await call(first);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      this.invalidate(first);
      return call(await this.getAccessToken());
    }
  }

  /** A GraphQL operation against the Storefront API: its `data`; errors throw GraphQLError. */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<T> {
    return this.authorized(
      async (token) => (await sendGraphql<T>(this.transport, token, query, variables, options)).data,
      (error) => error instanceof GraphQLError && error.status === 401,
    );
  }

  /** The app's store (`GET /v1/app/store`). */
  async store(): Promise<AppStore> {
    return this.authorized(
      async (token) => {
        const response = await this.transport.send({
          method: 'GET',
          path: '/v1/app/store',
          token,
          retryable: true,
        });
        if (response.status !== 200) throw apiError(response);
        return withRequestId(response.body as AppStore, response.requestId);
      },
      (error) => (error as { status?: number }).status === 401,
    );
  }

  private readonly run = <T>(query: string, variables?: Record<string, unknown>) =>
    this.graphql<T>(query, variables);

  readonly products = {
    ...catalogueReads(this.run),
    create: async (input: ProductInput, options: CallOptions = {}): Promise<Product> =>
      (
        await this.graphql<{ productCreate: Product }>(
          `mutation ProductCreate($input: ProductCreateInput!) { productCreate(input: $input) { ${PRODUCT_FIELDS} } }`,
          { input },
          options,
        )
      ).productCreate,
    update: async (id: string, input: Partial<ProductInput>, options: CallOptions = {}): Promise<Product> =>
      (
        await this.graphql<{ productUpdate: Product }>(
          `mutation ProductUpdate($id: ID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`,
          { id, input },
          options,
        )
      ).productUpdate,
    delete: async (id: string, options: CallOptions = {}): Promise<string> =>
      (
        await this.graphql<{ productDelete: string }>(
          `mutation ProductDelete($id: ID!) { productDelete(id: $id) }`,
          { id },
          options,
        )
      ).productDelete,
  };

  readonly orders = {
    /** Places an order; an Idempotency-Key is added when none is given, so a lost answer can be retried. */
    create: async (input: OrderInput, options: CallOptions = {}): Promise<Order> =>
      (
        await this.graphql<{ orderCreate: Order }>(
          `mutation OrderCreate($input: OrderCreateInput!) { orderCreate(input: $input) { ${ORDER_FIELDS} } }`,
          { input },
          { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() },
        )
      ).orderCreate,
    list: async (args: Omit<ListArgs, 'query'> = {}): Promise<Connection<Order>> =>
      (
        await this.graphql<{ orders: Connection<Order> }>(
          `query Orders($first: Int, $after: String) { orders(first: $first, after: $after) {
            edges { cursor node { ${ORDER_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
          { first: args.first ?? 20, after: args.after ?? null },
        )
      ).orders,
    get: async (id: string): Promise<Order | null> =>
      (
        await this.graphql<{ order: Order | null }>(
          `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`,
          { id },
        )
      ).order,
  };

  /** Revokes the current token (RFC 7009); the next call fetches a new one. */
  async revoke(): Promise<void> {
    const current = this.cached?.token;
    this.cached = null;
    if (!current) return;
    const basic = btoa(
      `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`,
    );
    const response = await this.transport.send({
      method: 'POST',
      path: '/v1/auth/oauth/revoke',
      form: { token: current, token_type_hint: 'access_token' },
      headers: { authorization: `Basic ${basic}` },
      retryable: true,
    });
    if (response.status !== 200) throw oauthError(response);
  }
}
