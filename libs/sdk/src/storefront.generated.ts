/* eslint-disable */
// Generated from libs/storefront/schema.gql by scripts/sdk-types.mjs. Do not edit: run `npm run sdk:types`.

export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2019-12-03T09:54:33Z, compliant with the date-time format. */
  DateTime: { input: string; output: string; }
};

/** An amount of money: a decimal string with exactly the currency's digits. */
export type Money = {
  /** Decimal string, e.g. "499.00" (USD), "500" (JPY), "1.500" (KWD). */
  amount: Scalars['String']['output'];
  /** ISO 4217 currency code. */
  currencyCode: Scalars['String']['output'];
};

export type Mutation = {
  /** Prices every line from the catalogue and takes the stock in one transaction; OUT_OF_STOCK changes nothing. Apps only. Scope: orders:write. */
  orderCreate: Order;
  /** Apps only. Scope: products:write. */
  productCreate: Product;
  /** Apps only. Scope: products:write. Returns the deleted id. */
  productDelete: Scalars['ID']['output'];
  /** Apps only. Scope: products:write. */
  productUpdate: Product;
};


export type MutationOrderCreateArgs = {
  input: OrderCreateInput;
};


export type MutationProductCreateArgs = {
  input: ProductCreateInput;
};


export type MutationProductDeleteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationProductUpdateArgs = {
  id: Scalars['ID']['input'];
  input: ProductUpdateInput;
};

export type Order = {
  createdAt: Scalars['DateTime']['output'];
  customerEmail: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lines: Array<OrderLine>;
  /** "open" for every order placed through this API. */
  status: Scalars['String']['output'];
  total: Money;
};

export type OrderConnection = {
  edges: Array<OrderEdge>;
  pageInfo: PageInfo;
};

/** Prices come from the catalogue; a client cannot set one. */
export type OrderCreateInput = {
  customerEmail: Scalars['String']['input'];
  lines: Array<OrderLineInput>;
};

export type OrderEdge = {
  cursor: Scalars['String']['output'];
  node: Order;
};

export type OrderLine = {
  lineTotal: Money;
  /** Scope: products:read. */
  product: Product;
  quantity: Scalars['Int']['output'];
  /** The catalogue price when the order was placed. */
  unitPrice: Money;
};

export type OrderLineInput = {
  productId: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
};

/** Relay page info for forward pagination (`first`/`after`). */
export type PageInfo = {
  /** Pass as `after` for the next page; null when the page is empty. */
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type Product = {
  createdAt: Scalars['DateTime']['output'];
  description: Maybe<Scalars['String']['output']>;
  /** Unique within the store: lowercase letters, digits and single hyphens. */
  handle: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** Units in stock. */
  inventory: Scalars['Int']['output'];
  price: Money;
  /** Scope: store:read. */
  store: Store;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type ProductConnection = {
  edges: Array<ProductEdge>;
  pageInfo: PageInfo;
};

export type ProductCreateInput = {
  /** ISO 4217 code, upper case, e.g. "USD". */
  currencyCode: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  handle: Scalars['String']['input'];
  inventory: Scalars['Int']['input'];
  /** Decimal string, e.g. "499.00"; not negative, at most the currency's digits. */
  price: Scalars['String']['input'];
  title: Scalars['String']['input'];
};

export type ProductEdge = {
  cursor: Scalars['String']['output'];
  node: Product;
};

export type ProductUpdateInput = {
  currencyCode?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  handle?: InputMaybe<Scalars['String']['input']>;
  inventory?: InputMaybe<Scalars['Int']['input']>;
  price?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

export type Query = {
  /** Apps only. Scope: orders:read. */
  order: Maybe<Order>;
  /** Orders, oldest first. Apps only. Scope: orders:read. */
  orders: OrderConnection;
  /** One product by id or by handle (exactly one of them). Scope: products:read. */
  product: Maybe<Product>;
  /** The catalogue, oldest first; `query` matches title or handle. Scope: products:read. */
  products: ProductConnection;
  /** The token's store. Scope: store:read. */
  store: Store;
};


export type QueryOrderArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOrdersArgs = {
  after: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryProductArgs = {
  handle: InputMaybe<Scalars['String']['input']>;
  id: InputMaybe<Scalars['ID']['input']>;
};


export type QueryProductsArgs = {
  after: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query: InputMaybe<Scalars['String']['input']>;
};

/** The store the token belongs to. */
export type Store = {
  description: Maybe<Scalars['String']['output']>;
  faviconUrl: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  logoBlackWhiteUrl: Maybe<Scalars['String']['output']>;
  logoColorUrl: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** Scope: products:read. */
  products: ProductConnection;
  socialLinks: Array<Scalars['String']['output']>;
  /** "onboarding" or "active". */
  status: Scalars['String']['output'];
  supportEmail: Maybe<Scalars['String']['output']>;
};


/** The store the token belongs to. */
export type StoreProductsArgs = {
  after: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query: InputMaybe<Scalars['String']['input']>;
};
