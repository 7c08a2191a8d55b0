import { GraphQLError, StorefrontError } from './errors';
import {
  catalogueReads,
  field,
  GraphQLCallOptions,
  IterateArgs,
  ListArgs,
  MEDIA_FIELDS,
  ORDER_FIELDS,
  paginate,
  PRODUCT_FIELDS,
  sendGraphql,
} from './graphql';
import {
  apiError,
  CallOptions,
  ClientOptions,
  jsonBody,
  newIdempotencyKey,
  oauthError,
  Transport,
  waitShared,
  withRequestId,
} from './transport';
import type {
  AppMedia,
  AppStore,
  Connection,
  Deleted,
  Done,
  Order,
  OrderInput,
  Product,
  ProductImageInput,
  ProductImagePatch,
  ProductInput,
  VariantInput,
  VariantUpdate,
} from './types';

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
/** A token this close to its expiry is not sent any more (clock skew, time in flight). */
const EXPIRY_MARGIN_MS = 1_000;

/**
 * Orders per page by default. An order with its lines costs 402 of the 5,000 a query may cost (each of
 * up to 100 lines is priced), so 10 orders cost 4,022: within the limit with room to spare. 12 is the most
 * one page of this selection can hold.
 */
const ORDER_PAGE = 10;
/** The most orders one request of this selection can hold within the cost limit (12 × 402 = 4,824). */
const ORDERS_PER_REQUEST = 12;
/** The most a page may ask for (`first` on every connection, contract §7). */
const MAX_PAGE = 100;

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A server's client for one store, through an OAuth app (client credentials). It fetches its own access
 * token, keeps it, and renews it before it expires — one token request however many calls wait for it
 * (single flight). A call answered 401 gets a fresh token and is replayed once. Secrets stay on servers:
 * constructing it in a browser throws. The secret and the tokens live in private fields: `util.inspect`,
 * `JSON.stringify` and error messages never show them.
 */
export class AppClient {
  readonly #transport: Transport;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #scope: string | undefined;
  #cached: CachedToken | null = null;
  #pending: Promise<CachedToken> | null = null;
  #failure: { error: unknown; until: number } | null = null;

  constructor(options: AppClientOptions) {
    const g = globalThis as { window?: unknown; document?: unknown };
    if (typeof g.window !== 'undefined' && typeof g.document !== 'undefined') {
      throw new StorefrontError(
        'AppClient holds a client secret and must not run in a browser; use StorefrontClient with a public token.',
      );
    }
    if (!options?.clientId || !options.clientSecret)
      throw new StorefrontError('clientId and clientSecret are required.');
    this.#transport = new Transport(options);
    this.#clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.#scope = options.scope;
  }

  /** What `util.inspect` and `console.log` show: no secret, no token. */
  [INSPECT](): string {
    return `${this.constructor.name} { baseUrl: '${this.#transport.baseUrl}', clientId: '${this.#clientId}' }`;
  }

  toJSON(): { baseUrl: string; clientId: string } {
    return { baseUrl: this.#transport.baseUrl, clientId: this.#clientId };
  }

  /** The current access token: cached, renewed past half its lifetime, one request for any number of callers. */
  async getAccessToken(options: CallOptions = {}): Promise<string> {
    return (await waitShared(this.#token(), options)).token;
  }

  #valid(now: number): CachedToken | null {
    return this.#cached && now < this.#cached.expiresAt - EXPIRY_MARGIN_MS ? this.#cached : null;
  }

  #token(): Promise<CachedToken> {
    const now = Date.now();
    if (this.#cached && now < this.#cached.renewAt) return Promise.resolve(this.#cached);
    const valid = this.#valid(now);
    // A renewal that just failed is not tried again for a second; meanwhile a still-valid token serves.
    if (this.#failure && now < this.#failure.until) {
      return valid ? Promise.resolve(valid) : Promise.reject(this.#failure.error);
    }
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = null;
    });
    // A still-valid token keeps serving while its successor is fetched — and if the renewal fails.
    if (valid) {
      this.#pending.catch(() => undefined);
      return Promise.resolve(valid);
    }
    return this.#pending;
  }

  #basic(): string {
    return btoa(`${encodeURIComponent(this.#clientId)}:${encodeURIComponent(this.#clientSecret)}`);
  }

  /**
   * The token request: client credentials. InstalledAppClient renews with its refresh token instead; either
   * way the request goes straight to the transport, never through the authenticated path.
   */
  protected requestToken(): Promise<{ access_token: string; expires_in: number }> {
    return this.postToken({
      grant_type: 'client_credentials',
      ...(this.#scope ? { scope: this.#scope } : {}),
    });
  }

  /** `POST /v1/auth/oauth/token` with the client's credentials (HTTP Basic): the answer's body, or OAuthError. */
  protected async postToken<T = { access_token: string; expires_in: number }>(
    form: Record<string, string>,
  ): Promise<T> {
    const request = { method: 'POST', path: '/v1/auth/oauth/token' } as const;
    const response = await this.#transport.send({
      ...request,
      form,
      headers: { authorization: `Basic ${this.#basic()}` },
      // Asking again for a token changes nothing on the server (an installed app's refresh token stays
      // usable until its replacement is first used): safe to retry.
      retryable: true,
    });
    if (response.status !== 200) throw oauthError(response);
    return jsonBody<T>(response, request);
  }

  /** Takes a token the caller already holds (an installed app's first, from the code exchange). */
  protected seedToken(token: string, expiresIn: number, startedAt: number): void {
    const lifetime = Math.max(1, Number(expiresIn)) * 1000;
    this.#cached = { token, renewAt: startedAt + lifetime / 2, expiresAt: startedAt + lifetime };
  }

  async #fetchToken(): Promise<CachedToken> {
    const startedAt = Date.now();
    try {
      const body = await this.requestToken();
      const lifetime = Math.max(1, Number(body.expires_in)) * 1000;
      this.#failure = null;
      this.#cached = {
        token: body.access_token,
        renewAt: startedAt + lifetime / 2,
        expiresAt: startedAt + lifetime,
      };
      return this.#cached;
    } catch (error) {
      // The current token stays as long as it is valid: a failed renewal takes nothing away.
      if (!this.#valid(Date.now())) this.#cached = null;
      this.#failure = { error, until: Date.now() + FAILED_TOKEN_HOLD_MS };
      throw error;
    }
  }

  /** Drops the cached token if it is still the one that was refused (a newer one may already be there). */
  #invalidate(token: string): void {
    if (this.#cached?.token === token) this.#cached = null;
    this.#failure = null;
  }

  /** Runs a call with the token; a 401 gets a fresh token and one replay, a second 401 throws. */
  async #authorized<T>(
    call: (token: string) => Promise<T>,
    isUnauthorized: (error: unknown) => boolean,
    options: CallOptions,
  ): Promise<T> {
    const first = await this.getAccessToken(options);
    try {
      return await call(first);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      this.#invalidate(first);
      return call(await this.getAccessToken(options));
    }
  }

  /**
   * A GraphQL operation against the Storefront API: its `data` (with a non-enumerable `requestId`);
   * errors throw GraphQLError. A mutation is retried only with `idempotencyKey`.
   */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: GraphQLCallOptions = {},
  ): Promise<T> {
    return this.#authorized(
      async (token) => (await sendGraphql<T>(this.#transport, token, query, variables, options)).data,
      (error) => error instanceof GraphQLError && error.status === 401,
      options,
    );
  }

  /** The app's store (`GET /v1/app/store`). */
  async store(options: CallOptions = {}): Promise<AppStore> {
    return this.#authorized(
      async (token) => {
        const request = { method: 'GET', path: '/v1/app/store' } as const;
        const response = await this.#transport.send({
          ...request,
          token,
          retryable: true,
          signal: options.signal,
          timeoutMs: options.timeoutMs,
        });
        if (response.status !== 200) throw apiError(response);
        return withRequestId(jsonBody<AppStore>(response, request), response.requestId);
      },
      (error) => (error as { status?: number }).status === 401,
      options,
    );
  }

  readonly #run = <T>(query: string, variables: Record<string, unknown> | undefined, options: CallOptions) =>
    this.graphql<T>(query, variables, options);

  readonly products = {
    ...catalogueReads(this.#run),
    create: async (input: ProductInput, options: CallOptions = {}): Promise<Product> =>
      field<Product>(
        await this.graphql(
          `mutation ProductCreate($input: ProductCreateInput!) { productCreate(input: $input) { ${PRODUCT_FIELDS} } }`,
          { input },
          options,
        ),
        'productCreate',
      ),
    update: async (id: string, input: Partial<ProductInput>, options: CallOptions = {}): Promise<Product> =>
      field<Product>(
        await this.graphql(
          `mutation ProductUpdate($id: ID!, $input: ProductUpdateInput!) { productUpdate(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`,
          { id, input },
          options,
        ),
        'productUpdate',
      ),
    /** Deletes a product: `{ id }` of the deleted product. */
    delete: async (id: string, options: CallOptions = {}): Promise<Deleted> => {
      const data = await this.graphql<{ productDelete: string; requestId?: string | null }>(
        `mutation ProductDelete($id: ID!) { productDelete(id: $id) }`,
        { id },
        options,
      );
      return withRequestId({ id: data.productDelete }, data.requestId ?? null);
    },
    /**
     * (v1.4) A product's images (`products:write`): media of the store with purpose `product_image`, at most
     * 20, in order (the first is the featured image). Each answers the product.
     */
    images: {
      /** Appends the images, all or none: NOT_FOUND for a media not of this store, BAD_USER_INPUT past 20. */
      add: async (
        productId: string,
        images: ProductImageInput[],
        options: CallOptions = {},
      ): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductImagesAdd($productId: ID!, $images: [ProductImageInput!]!) { productImagesAdd(productId: $productId, images: $images) { ${PRODUCT_FIELDS} } }`,
            { productId, images },
            options,
          ),
          'productImagesAdd',
        ),
      /** Changes the alt text (null clears it) and/or moves the image to `position`. */
      update: async (
        productId: string,
        imageId: string,
        patch: ProductImagePatch,
        options: CallOptions = {},
      ): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductImageUpdate($productId: ID!, $imageId: ID!, $altText: String, $position: Int) { productImageUpdate(productId: $productId, imageId: $imageId, altText: $altText, position: $position) { ${PRODUCT_FIELDS} } }`,
            { productId, imageId, ...patch },
            options,
          ),
          'productImageUpdate',
        ),
      /** Takes the image off the product (the media stays). */
      remove: async (productId: string, imageId: string, options: CallOptions = {}): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductImageRemove($productId: ID!, $imageId: ID!) { productImageRemove(productId: $productId, imageId: $imageId) { ${PRODUCT_FIELDS} } }`,
            { productId, imageId },
            options,
          ),
          'productImageRemove',
        ),
    },
    /** (v1.4) A product's variants (productVariantsCreate/Update/Delete); each call answers the product. */
    variants: {
      create: async (
        productId: string,
        variants: VariantInput[],
        options: CallOptions = {},
      ): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductVariantsCreate($productId: ID!, $variants: [ProductVariantInput!]!) { productVariantsCreate(productId: $productId, variants: $variants) { ${PRODUCT_FIELDS} } }`,
            { productId, variants },
            options,
          ),
          'productVariantsCreate',
        ),
      update: async (
        productId: string,
        variants: VariantUpdate[],
        options: CallOptions = {},
      ): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductVariantsUpdate($productId: ID!, $variants: [ProductVariantUpdateInput!]!) { productVariantsUpdate(productId: $productId, variants: $variants) { ${PRODUCT_FIELDS} } }`,
            { productId, variants },
            options,
          ),
          'productVariantsUpdate',
        ),
      delete: async (productId: string, variantIds: string[], options: CallOptions = {}): Promise<Product> =>
        field<Product>(
          await this.graphql(
            `mutation ProductVariantsDelete($productId: ID!, $variantIds: [ID!]!) { productVariantsDelete(productId: $productId, variantIds: $variantIds) { ${PRODUCT_FIELDS} } }`,
            { productId, variantIds },
            options,
          ),
          'productVariantsDelete',
        ),
    },
  };

  /**
   * (v1.4) The store's media, for product images (`products:write`). `upload` stages the upload through
   * GraphQL, posts the form straight to storage, completes it and returns the checked media; a refused file
   * is a GraphQLError BAD_USER_INPUT whose `extensions.reason` says why (`not_an_image`, `type_mismatch`, …).
   */
  readonly media = {
    upload: async (
      data: Blob | Uint8Array,
      init: { filename: string; contentType: string },
      options: CallOptions = {},
    ): Promise<AppMedia> => {
      const file = data instanceof Blob ? data : new Blob([new Uint8Array(data)], { type: init.contentType });
      const staged = field<{ id: string; url: string; fields: { name: string; value: string }[] }>(
        await this.graphql(
          `mutation StagedUploadCreate($input: StagedUploadInput!) { stagedUploadCreate(input: $input) { id url fields { name value } expiresAt } }`,
          { input: { filename: init.filename, contentType: init.contentType, size: file.size } },
          options,
        ),
        'stagedUploadCreate',
      );
      const fields = Object.fromEntries(staged.fields.map((f) => [f.name, f.value]));
      await this.#transport.postForm(staged.url, fields, file, options);
      return field<AppMedia>(
        await this.graphql(
          `mutation StagedUploadComplete($id: ID!) { stagedUploadComplete(id: $id) { ${MEDIA_FIELDS} } }`,
          { id: staged.id },
          options,
        ),
        'stagedUploadComplete',
      );
    },
  };

  readonly orders = {
    /** Places an order; an Idempotency-Key is added when none is given, so a lost answer can be retried. */
    create: async (input: OrderInput, options: CallOptions = {}): Promise<Order> =>
      field<Order>(
        await this.graphql(
          `mutation OrderCreate($input: OrderCreateInput!) { orderCreate(input: $input) { ${ORDER_FIELDS} } }`,
          { input },
          { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() },
        ),
        'orderCreate',
      ),
    /**
     * One page of orders: 10 by default, up to 100 like every connection. A page bigger than one request
     * can hold within the query cost limit (each order brings up to 100 priced lines: 12 fit) is fetched
     * as consecutive requests of 12 and returned as one page — `first: 50` gives 50 orders, never
     * QUERY_TOO_COMPLEX. Its request id is the last request's.
     */
    list: async (
      args: Omit<ListArgs, 'query'> = {},
      options: CallOptions = {},
    ): Promise<Connection<Order>> => {
      const one = async (first: number, after: string | null) =>
        field<Connection<Order>>(
          await this.graphql(
            `query Orders($first: Int, $after: String) { orders(first: $first, after: $after) {
            edges { cursor node { ${ORDER_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
            { first, after },
            options,
          ),
          'orders',
        );
      const wanted = args.first ?? ORDER_PAGE;
      // Out of range (or a single request's worth): the server answers it as it is, errors included.
      if (!Number.isInteger(wanted) || wanted <= ORDERS_PER_REQUEST || wanted > MAX_PAGE)
        return one(wanted, args.after ?? null);
      const edges: Connection<Order>['edges'] = [];
      let page = await one(ORDERS_PER_REQUEST, args.after ?? null);
      for (;;) {
        edges.push(...page.edges);
        const left = wanted - edges.length;
        if (left <= 0 || !page.pageInfo.hasNextPage) break;
        page = await one(Math.min(left, ORDERS_PER_REQUEST), page.pageInfo.endCursor ?? null);
      }
      return withRequestId({ edges, pageInfo: page.pageInfo }, page.requestId ?? null);
    },
    /** Every order, fetched page by page (10 a page unless `first` says otherwise) as the loop asks for more. */
    iterate: (
      args: Omit<IterateArgs, 'query'> = {},
      options: CallOptions = {},
    ): AsyncGenerator<Order, void, undefined> =>
      paginate(
        (after) => this.orders.list({ first: args.first ?? ORDER_PAGE, after }, options),
        args.after ?? null,
      ),
    /** One order; `null` when there is none (a `null` carries no request id). */
    get: async (id: string, options: CallOptions = {}): Promise<Order | null> =>
      field<Order | null>(
        await this.graphql(`query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id }, options),
        'order',
      ),
    /** Marks an open order fulfilled; any other status throws GraphQLError (BAD_USER_INPUT, order_status_conflict). */
    fulfil: async (id: string, options: CallOptions = {}): Promise<Order> =>
      field<Order>(
        await this.graphql(
          `mutation OrderFulfil($id: ID!) { orderFulfil(id: $id) { ${ORDER_FIELDS} } }`,
          { id },
          options,
        ),
        'orderFulfil',
      ),
    /** Cancels an open order (its stock goes back); any other status throws as `fulfil` does. */
    cancel: async (
      id: string,
      args: { reason?: string | null } = {},
      options: CallOptions = {},
    ): Promise<Order> =>
      field<Order>(
        await this.graphql(
          `mutation OrderCancel($id: ID!, $reason: String) { orderCancel(id: $id, reason: $reason) { ${ORDER_FIELDS} } }`,
          { id, reason: args.reason ?? null },
          options,
        ),
        'orderCancel',
      ),
    /**
     * (v1.4) Marks a pending order paid (event `order.paid`); an order already paid comes back unchanged.
     * A cancelled one throws GraphQLError (BAD_USER_INPUT, order_status_conflict).
     */
    markPaid: async (id: string, options: CallOptions = {}): Promise<Order> =>
      field<Order>(
        await this.graphql(
          `mutation OrderMarkPaid($id: ID!) { orderMarkPaid(id: $id) { ${ORDER_FIELDS} } }`,
          { id },
          options,
        ),
        'orderMarkPaid',
      ),
  };

  /** Revokes the current token (RFC 7009); the next call fetches a new one. */
  async revoke(options: CallOptions = {}): Promise<Done> {
    const current = this.#cached?.token;
    this.#cached = null;
    if (!current) return withRequestId({}, null);
    const response = await this.#transport.send({
      method: 'POST',
      path: '/v1/auth/oauth/revoke',
      form: { token: current, token_type_hint: 'access_token' },
      headers: { authorization: `Basic ${this.#basic()}` },
      retryable: true,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    if (response.status !== 200) throw oauthError(response);
    return withRequestId({}, response.requestId);
  }
}
