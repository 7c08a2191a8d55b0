import { StorefrontError } from './errors';
import {
  catalogueReads,
  field,
  GraphQLCallOptions,
  ORDER_FIELDS,
  QueryCache,
  readStore,
  sendGraphql,
} from './graphql';
import { CallOptions, ClientOptions, newIdempotencyKey, Transport } from './transport';
import type { Cart, CartLineInput, CartLinesToRemove, Order, StorefrontStore } from './types';

export interface StorefrontClientOptions extends ClientOptions {
  /**
   * A store's public token (`sfp_…`): safe to ship to browsers. Its scopes say what it may do: read the
   * store and the catalogue, and — with `cart:write` — run carts and check them out.
   */
  publicToken: string;
}

/** `checkout`'s options: the total the shopper saw (PRICE_CHANGED when it differs), and the call's. */
export interface CheckoutOptions extends CallOptions {
  /** A decimal amount ("300" equals "300.00"): the checkout fails with PRICE_CHANGED when the total differs. */
  expectedTotal?: string | null;
}

/**
 * A cart as the cart calls select it. The lines' products (id, handle, title) need `products:read`
 * beside `cart:write`, as a storefront's token has (`cart:write` alone never opens the catalogue).
 * (v1.4) Each line names its variant (id, title, SKU): lines are one per variant.
 */
const CART_FIELDS = `id status buyerEmail totalQuantity createdAt updatedAt expiresAt
  subtotal { amount currencyCode }
  lines { quantity available unavailableReason inSubtotal unitPrice { amount currencyCode } lineTotal { amount currencyCode } product { id handle title } variant { id title sku } }
  order { id status }`;

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Browser-safe access to one store through a public token: the store and its catalogue, and (with
 * `cart:write`) carts and checkout.
 */
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

  readonly #cart = async (
    mutation: string,
    key: string,
    variables: Record<string, unknown>,
    options: CallOptions,
  ) => field<Cart>(await this.graphql(mutation, variables, options), key);

  /**
   * Carts (`cart:write`): prices are always the catalogue's. Cart changes are mutations: they are retried
   * after a lost answer only with an `idempotencyKey` in their options.
   */
  readonly cart = {
    /** A new cart, with lines and the buyer's e-mail if given. */
    create: (
      input: { lines?: CartLineInput[]; buyerEmail?: string | null } = {},
      options: CallOptions = {},
    ) =>
      this.#cart(
        `mutation CartCreate($input: CartInput) { cartCreate(input: $input) { ${CART_FIELDS} } }`,
        'cartCreate',
        { input },
        options,
      ),
    /** The cart; `null` when unknown, expired or another store's. */
    get: async (cartId: string, options: CallOptions = {}): Promise<Cart | null> =>
      field<Cart | null>(
        await this.graphql(
          `query Cart($id: ID!) { cart(id: $id) { ${CART_FIELDS} } }`,
          { id: cartId },
          options,
        ),
        'cart',
      ),
    /** Adds to each product's line (a product already in the cart adds to its line). */
    add: (cartId: string, lines: CartLineInput[], options: CallOptions = {}) =>
      this.#cart(
        `mutation CartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { ${CART_FIELDS} } }`,
        'cartLinesAdd',
        { cartId, lines },
        options,
      ),
    /** Sets each product's quantity; 0 removes its line. */
    update: (cartId: string, lines: CartLineInput[], options: CallOptions = {}) =>
      this.#cart(
        `mutation CartLinesUpdate($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesUpdate(cartId: $cartId, lines: $lines) { ${CART_FIELDS} } }`,
        'cartLinesUpdate',
        { cartId, lines },
        options,
      ),
    /**
     * Removes lines: a list of product ids (every line of each product), or (v1.4) `{ productIds?,
     * variantIds? }` — a variant id removes that variant's line. Ids the cart lacks are ignored.
     */
    remove: (cartId: string, ids: string[] | CartLinesToRemove, options: CallOptions = {}) => {
      const { productIds = null, variantIds = null } = Array.isArray(ids) ? { productIds: ids } : (ids ?? {});
      return this.#cart(
        `mutation CartLinesRemove($cartId: ID!, $productIds: [ID!], $variantIds: [ID!]) { cartLinesRemove(cartId: $cartId, productIds: $productIds, variantIds: $variantIds) { ${CART_FIELDS} } }`,
        'cartLinesRemove',
        { cartId, productIds, variantIds },
        options,
      );
    },
    /** Sets the buyer's e-mail (checkout needs one). */
    setBuyer: (cartId: string, email: string, options: CallOptions = {}) =>
      this.#cart(
        `mutation CartBuyerUpdate($cartId: ID!, $email: String!) { cartBuyerUpdate(cartId: $cartId, buyerEmail: $email) { ${CART_FIELDS} } }`,
        'cartBuyerUpdate',
        { cartId, email },
        options,
      ),
  };

  /**
   * Checks the cart out: the order (status `open`). An Idempotency-Key is added when none is given, so a
   * lost answer is retried safely (and checking a completed cart out again answers the same order anyway).
   * OUT_OF_STOCK, PRICE_CHANGED (with `expectedTotal`) and the other refusals throw GraphQLError.
   */
  async checkout(cartId: string, options: CheckoutOptions = {}): Promise<Order> {
    const { expectedTotal, ...call } = options;
    return field<Order>(
      await this.graphql(
        `mutation CheckoutComplete($cartId: ID!, $expectedTotal: String) { checkoutComplete(cartId: $cartId, expectedTotal: $expectedTotal) { ${ORDER_FIELDS} } }`,
        { cartId, expectedTotal: expectedTotal ?? null },
        { ...call, idempotencyKey: call.idempotencyKey ?? newIdempotencyKey() },
      ),
      'checkoutComplete',
    );
  }
}
