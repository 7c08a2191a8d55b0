import { GraphQLError, GraphQLErrorEntry, StorefrontError } from './errors';
import { CallOptions, Response, Transport, withRequestId } from './transport';
import type { Connection, Product, StorefrontStore } from './types';

export const GRAPHQL_PATH = '/v1/storefront/graphql';

/** Does the document's (first) operation write? Only then is retrying it unsafe without a key. */
export function isMutation(query: string): boolean {
  const code = query.replace(/#[^\n\r]*/g, '').trimStart();
  return /^mutation\b/.test(code);
}

export const PRODUCT_FIELDS =
  'id handle title description price { amount currencyCode } inventory createdAt updatedAt';
export const STORE_FIELDS =
  'id name description status faviconUrl logoBlackWhiteUrl logoColorUrl supportEmail socialLinks';

export interface ListArgs {
  first?: number;
  after?: string | null;
  query?: string | null;
}

/** Sends one GraphQL operation with a bearer token; `data` on success, GraphQLError otherwise. */
export async function sendGraphql<T>(
  transport: Transport,
  token: string,
  query: string,
  variables: Record<string, unknown> | undefined,
  options: CallOptions = {},
): Promise<{ data: T; response: Response }> {
  const mutation = isMutation(query);
  const response = await transport.send({
    method: 'POST',
    path: GRAPHQL_PATH,
    json: variables === undefined ? { query } : { query, variables },
    token,
    headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
    retryable: !mutation || Boolean(options.idempotencyKey),
    signal: options.signal,
  });
  const body = response.body as { data?: T | null; errors?: GraphQLErrorEntry[] } | string;
  if (typeof body !== 'object' || body === null) {
    throw new StorefrontError(
      `Unexpected answer from the GraphQL endpoint (HTTP ${response.status}).`,
      response.requestId,
    );
  }
  if (body.errors?.length)
    throw new GraphQLError(body.errors, body.data ?? null, response.status, response.requestId);
  return { data: withRequestId(body.data as T, response.requestId), response };
}

/** The read-only catalogue calls shared by AppClient and StorefrontClient. */
export function catalogueReads(run: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>) {
  return {
    list: async (args: ListArgs = {}): Promise<Connection<Product>> => {
      const data = await run<{ products: Connection<Product> }>(
        `query Products($first: Int, $after: String, $query: String) {
          products(first: $first, after: $after, query: $query) {
            edges { cursor node { ${PRODUCT_FIELDS} } } pageInfo { hasNextPage endCursor } } }`,
        { first: args.first ?? 20, after: args.after ?? null, query: args.query ?? null },
      );
      return withRequestId(data.products, (data as { requestId?: string | null }).requestId ?? null);
    },
    get: async (by: { id: string } | { handle: string }): Promise<Product | null> => {
      const data = await run<{ product: Product | null }>(
        `query Product($id: ID, $handle: String) { product(id: $id, handle: $handle) { ${PRODUCT_FIELDS} } }`,
        'id' in by ? { id: by.id } : { handle: by.handle },
      );
      return withRequestId(data.product, (data as { requestId?: string | null }).requestId ?? null);
    },
  };
}

export async function readStore(
  run: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>,
): Promise<StorefrontStore> {
  const data = await run<{ store: StorefrontStore }>(`{ store { ${STORE_FIELDS} } }`);
  return withRequestId(data.store, (data as { requestId?: string | null }).requestId ?? null);
}
