import { StorefrontError } from './errors';
import { catalogueReads, GraphQLCallOptions, QueryCache, readStore, sendGraphql } from './graphql';
import { CallOptions, ClientOptions, Transport } from './transport';
import type { StorefrontStore } from './types';

export interface StorefrontClientOptions extends ClientOptions {
  /** A store's public token (`sfp_…`): read-only, safe to ship to browsers. */
  publicToken: string;
}

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Browser-safe, read-only access to one store's catalogue through a public token. */
export class StorefrontClient {
  readonly #transport: Transport;
  readonly #publicToken: string;
  /** (v1.3) Queries go by GET; their last answers wait here with their ETags for revalidation. */
  readonly #queries = new QueryCache();

  constructor(options: StorefrontClientOptions) {
    if (!options?.publicToken) throw new StorefrontError('publicToken is required.');
    this.#transport = new Transport(options);
    this.#publicToken = options.publicToken;
  }

  /** What `util.inspect` and `console.log` show: no token. */
  [INSPECT](): string {
    return `StorefrontClient { baseUrl: '${this.#transport.baseUrl}' }`;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.#transport.baseUrl };
  }

  /**
   * A GraphQL operation: its `data` (with a non-enumerable `requestId`); errors throw GraphQLError. A query
   * goes by GET (cacheable by browsers and CDNs) and is revalidated with the ETag of its last answer: an
   * unchanged catalogue answers 304 and the kept data is returned. Mutations go by POST.
   */
  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: GraphQLCallOptions = {},
  ): Promise<T> {
    return (
      await sendGraphql<T>(this.#transport, this.#publicToken, query, variables, options, this.#queries)
    ).data;
  }

  readonly #run = <T>(query: string, variables: Record<string, unknown> | undefined, options: CallOptions) =>
    this.graphql<T>(query, variables, options);

  store(options: CallOptions = {}): Promise<StorefrontStore> {
    return readStore(this.#run, options);
  }

  readonly products = catalogueReads(this.#run);
}
