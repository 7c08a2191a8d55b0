import { StorefrontError } from './errors';
import { catalogueReads, readStore, sendGraphql } from './graphql';
import { CallOptions, ClientOptions, Transport } from './transport';
import type { StorefrontStore } from './types';

export interface StorefrontClientOptions extends ClientOptions {
  /** A store's public token (`sfp_…`): read-only, safe to ship to browsers. */
  publicToken: string;
}

/** Browser-safe, read-only access to one store's catalogue through a public token. */
export class StorefrontClient {
  private readonly transport: Transport;

  constructor(private readonly options: StorefrontClientOptions) {
    if (!options.publicToken) throw new StorefrontError('publicToken is required.');
    this.transport = new Transport(options);
  }

  async graphql<T = unknown>(
    query: string,
    variables?: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<T> {
    return (await sendGraphql<T>(this.transport, this.options.publicToken, query, variables, options)).data;
  }

  private readonly run = <T>(query: string, variables?: Record<string, unknown>) =>
    this.graphql<T>(query, variables);

  store(): Promise<StorefrontStore> {
    return readStore(this.run);
  }

  readonly products = catalogueReads(this.run);
}
