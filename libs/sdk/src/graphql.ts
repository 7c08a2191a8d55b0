import { ApiError, GraphQLError, GraphQLErrorEntry } from './errors';
import { apiError, CallOptions, Response, Transport, withRequestId } from './transport';
import type { Connection, Product, StorefrontStore } from './types';

export const GRAPHQL_PATH = '/v1/storefront/graphql';

/** What `graphql()` takes besides the document and variables. */
export interface GraphQLCallOptions extends CallOptions {
  /** Which operation of a document with several to run (sent as `operationName`). */
  operationName?: string;
}

type Definition = { kind: 'query' | 'mutation' | 'subscription' | 'fragment'; name: string | null };

/**
 * The top-level definitions of a GraphQL document, in order: a small lexer that skips comments, strings
 * and block strings and reads only what stands outside every `{…}` and `(…)`. Null when the document
 * cannot be read (unbalanced brackets): the caller then treats it as a write.
 */
export function documentDefinitions(document: string): Definition[] | null {
  const definitions: Definition[] = [];
  let depth = 0;
  let current: Definition | null = null;
  let wantName = false;
  for (let i = 0; i < document.length; ) {
    const c = document[i];
    if (c === '#') {
      while (i < document.length && document[i] !== '\n' && document[i] !== '\r') i++;
    } else if (document.startsWith('"""', i)) {
      const end = document.indexOf('"""', i + 3);
      if (end < 0) return null;
      i = end + 3;
      continue;
    } else if (c === '"') {
      i++;
      while (i < document.length && document[i] !== '"') {
        if (document[i] === '\\') i++;
        if (document[i] === '\n') return null;
        i++;
      }
      if (i >= document.length) return null;
      i++;
      continue;
    } else if (c === '{' || c === '(' || c === '[') {
      if (depth === 0 && c === '{' && !current) {
        // `{ … }` on its own: the anonymous query shorthand.
        current = { kind: 'query', name: null };
        definitions.push(current);
      }
      wantName = false;
      depth++;
    } else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0 && c === '}') current = null;
    } else if (/[_A-Za-z]/.test(c)) {
      let j = i + 1;
      while (j < document.length && /[_0-9A-Za-z]/.test(document[j])) j++;
      const word = document.slice(i, j);
      if (depth === 0) {
        if (!current) {
          if (word !== 'query' && word !== 'mutation' && word !== 'subscription' && word !== 'fragment')
            return null;
          current = { kind: word, name: null };
          definitions.push(current);
          wantName = true;
        } else if (wantName) {
          current.name = word;
          wantName = false;
        }
      }
      i = j;
      continue;
    } else if (!/[\s,]/.test(c)) {
      wantName = false;
    }
    i++;
  }
  return depth === 0 ? definitions : null;
}

/**
 * Does the operation this request runs write? The selected operation is the one named `operationName`,
 * or the document's only operation; fragments may stand anywhere. When it cannot be told (unreadable
 * document, several operations and no name) the answer is yes: a write is never retried without a key.
 */
export function isMutation(document: string, operationName?: string | null): boolean {
  const operations = documentDefinitions(document)?.filter((d) => d.kind !== 'fragment');
  if (!operations || operations.length === 0) return true;
  const selected = operationName
    ? operations.find((o) => o.name === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  return selected ? selected.kind === 'mutation' : operations.some((o) => o.kind === 'mutation');
}

/** An order as the SDK's order calls select it (the lines' products by id, handle and title). */
export const ORDER_FIELDS = `id status source customerEmail total { amount currencyCode } createdAt
  fulfilledAt cancelledAt cancelReason paymentStatus paidAt
  lines { title sku quantity unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id handle title } }`;

/** (v1.4) A product image as the SDK selects it: the medium rendition's URL, as REST answers it. */
export const IMAGE_FIELDS = 'id url altText width height';
/**
 * A product as the SDK's catalogue calls select it. (v1.4) Its images, options and price range too; its
 * variants, a connection, are not in it (a page of 50 products with 20 variants each would pass the query cost).
 */
export const PRODUCT_FIELDS =
  'id handle title description price { amount currencyCode } inventory ' +
  `images { ${IMAGE_FIELDS} } featuredImage { ${IMAGE_FIELDS} } createdAt updatedAt ` +
  'hasOnlyDefaultVariant options { name values } priceRange { min { amount currencyCode } max { amount currencyCode } }';
/** (v1.4) A media as `stagedUploadComplete` answers it. */
export const MEDIA_FIELDS =
  'id purpose contentType width height bytes filename url renditions { name url } createdAt';
export const STORE_FIELDS =
  'id name description status faviconUrl logoBlackWhiteUrl logoColorUrl supportEmail socialLinks currencyCode';

export interface ListArgs {
  /** Page size (default 20; at most 100). */
  first?: number;
  after?: string | null;
  query?: string | null;
}

/** Auto-pagination: `first` is the size of each page fetched. */
export type IterateArgs = Omit<ListArgs, 'after'> & { after?: string | null };

/**
 * (v1.3) The last answer of each query a StorefrontClient sent by GET, with its ETag: the next time the
 * same query goes out it carries `If-None-Match`, and a 304 (no body, nothing executed on the server) is
 * answered from here. Small and per client (one token): the least recently used entry goes first.
 */
export class QueryCache {
  readonly #entries = new Map<string, { etag: string; body: unknown }>();

  constructor(private readonly max = 50) {}

  get(key: string): { etag: string; body: unknown } | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, etag: string, body: unknown): void {
    this.#entries.delete(key);
    this.#entries.set(key, { etag, body });
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/** Longer GET URLs than this go by POST instead (proxies and servers commonly refuse URLs past 8 KiB). */
const MAX_GET_PATH = 6000;

/**
 * Sends one GraphQL operation with a bearer token; `data` on success, GraphQLError otherwise. With a
 * `cache` (StorefrontClient), a query goes by GET — which browsers and CDNs may keep — revalidated with
 * its ETag; mutations, and queries too long for a URL, go by POST.
 */
export async function sendGraphql<T>(
  transport: Transport,
  token: string,
  query: string,
  variables: Record<string, unknown> | undefined,
  options: GraphQLCallOptions = {},
  cache?: QueryCache,
): Promise<{ data: T; response: Response }> {
  const mutation = isMutation(query, options.operationName);
  let response: Response | undefined;
  if (cache && !mutation) response = await sendQueryByGet(transport, token, query, variables, options, cache);
  if (!response) {
    const json: Record<string, unknown> = { query };
    if (variables !== undefined) json.variables = variables;
    if (options.operationName) json.operationName = options.operationName;
    response = await transport.send({
      method: 'POST',
      path: GRAPHQL_PATH,
      json,
      token,
      headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
      retryable: !mutation || Boolean(options.idempotencyKey),
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  }
  const body = response.body as { data?: T | null; errors?: GraphQLErrorEntry[] } | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(
      response.status,
      'non_json_response',
      {
        status: response.status,
        detail: `Unexpected answer from the GraphQL endpoint (HTTP ${response.status}).`,
      },
      response.requestId,
    );
  }
  if (body.errors?.length)
    throw new GraphQLError(body.errors, body.data ?? null, response.status, response.requestId);
  // An error status without GraphQL errors (a proxy's or the HTTP layer's problem+json): an ApiError.
  if (response.status >= 400 || body.data === undefined) throw apiError(response);
  return { data: withRequestId((body.data ?? {}) as T, response.requestId), response };
}

/** A query by GET, revalidated from `cache`; undefined when its URL would be too long (then POST). */
async function sendQueryByGet(
  transport: Transport,
  token: string,
  query: string,
  variables: Record<string, unknown> | undefined,
  options: GraphQLCallOptions,
  cache: QueryCache,
): Promise<Response | undefined> {
  const params = new URLSearchParams({ query });
  if (variables !== undefined) params.set('variables', JSON.stringify(variables));
  if (options.operationName) params.set('operationName', options.operationName);
  const path = `${GRAPHQL_PATH}?${params.toString()}`;
  if (path.length > MAX_GET_PATH) return undefined;
  const cached = cache.get(path);
  const response = await transport.send({
    method: 'GET',
    path,
    token,
    headers: cached ? { 'if-none-match': cached.etag } : undefined,
    retryable: true,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  // Copies in and out: a caller that changes its result never changes what the next caller gets.
  if (response.status === 304 && cached)
    return { ...response, status: 200, body: structuredClone(cached.body) };
  const etag = response.headers.get('etag');
  if (response.status === 200 && etag && response.body !== undefined)
    cache.set(path, etag, structuredClone(response.body));
  return response;
}

/** Runs a document and returns `data` with its request id (non-enumerable). */
export type Runner = <T>(
  query: string,
  variables: Record<string, unknown> | undefined,
  options: CallOptions,
) => Promise<T>;

/** `data[key]` with the answer's request id attached (a result object always says where it came from). */
export function field<T>(data: unknown, key: string): T {
  const value = (data as Record<string, unknown>)[key] as T;
  return withRequestId(value, (data as { requestId?: string | null }).requestId ?? null) as T;
}

/**
 * Walks a connection page by page: yields every node (each carries its page's request id) until
 * `hasNextPage` is false.
 */
export async function* paginate<T>(
  page: (after: string | null) => Promise<Connection<T>>,
  after: string | null = null,
): AsyncGenerator<T, void, undefined> {
  let cursor = after;
  for (;;) {
    const connection = await page(cursor);
    for (const edge of connection.edges) {
      withRequestId(edge.node, connection.requestId ?? null);
      yield edge.node;
    }
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) return;
    cursor = connection.pageInfo.endCursor;
  }
}

/** Page size of `iterate()` over products (50 products cost 102 of the 5,000 a query may cost). */
const PRODUCT_PAGE = 50;

/** The read-only catalogue calls shared by AppClient and StorefrontClient. */
export function catalogueReads(run: Runner) {
  const list = async (args: ListArgs = {}, options: CallOptions = {}): Promise<Connection<Product>> =>
    field<Connection<Product>>(
      await run(
        `query Products($first: Int, $after: String, $query: String) {
          products(first: $first, after: $after, query: $query) {
            edges { cursor node { ${PRODUCT_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
        { first: args.first ?? 20, after: args.after ?? null, query: args.query ?? null },
        options,
      ),
      'products',
    );
  return {
    /** One page of products (default 20), optionally filtered by `query`. */
    list,
    /** Every product (optionally filtered by `query`), fetched page by page as the loop asks for more. */
    iterate: (args: IterateArgs = {}, options: CallOptions = {}): AsyncGenerator<Product, void, undefined> =>
      paginate(
        (after) => list({ first: args.first ?? PRODUCT_PAGE, after, query: args.query ?? null }, options),
        args.after ?? null,
      ),
    /** One product by id or handle; `null` when there is none (a `null` carries no request id). */
    get: async (
      by: { id: string } | { handle: string },
      options: CallOptions = {},
    ): Promise<Product | null> =>
      field<Product | null>(
        await run(
          `query Product($id: ID, $handle: String) { product(id: $id, handle: $handle) { ${PRODUCT_FIELDS} } }`,
          'id' in by ? { id: by.id } : { handle: by.handle },
          options,
        ),
        'product',
      ),
  };
}

export async function readStore(run: Runner, options: CallOptions = {}): Promise<StorefrontStore> {
  return field<StorefrontStore>(
    await run(`query Store { store { ${STORE_FIELDS} } }`, undefined, options),
    'store',
  );
}
