/** Shapes of the service's answers (REST in camelCase, token endpoints in OAuth names). */

/** Every result object carries the server's X-Request-Id (not enumerable: it is not part of the JSON). */
export interface Traced {
  readonly requestId?: string | null;
}

export interface Money {
  amount: string;
  currencyCode: string;
}

export interface Product extends Traced {
  id: string;
  handle: string;
  title: string;
  description: string | null;
  price: Money;
  inventory: number;
  createdAt: string;
  updatedAt: string;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Connection<T> extends Traced {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
}

export interface OrderLine {
  product: Pick<Product, 'id' | 'handle' | 'title'>;
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

export interface Order extends Traced {
  id: string;
  status: string;
  customerEmail: string;
  lines: OrderLine[];
  total: Money;
  createdAt: string;
}

export interface ProductInput {
  handle: string;
  title: string;
  description?: string | null;
  price: string;
  currencyCode: string;
  inventory: number;
}

export interface OrderInput {
  customerEmail: string;
  lines: { productId: string; quantity: number }[];
}

export interface StorefrontStore extends Traced {
  id: string;
  name: string;
  description: string | null;
  status: string;
  faviconUrl: string | null;
  logoBlackWhiteUrl: string | null;
  logoColorUrl: string | null;
  supportEmail: string | null;
  socialLinks: string[];
}

export interface Address {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface Store extends StorefrontStore {
  onboarding: { completedStages: number[]; nextStage: number | null; completedAt: string | null };
  mobile: string | null;
  landline: string | null;
  whatsappNumber: string | null;
  address: Address | null;
  region: string | null;
  gstNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Stage2 {
  faviconUrl: string;
  logoBlackWhiteUrl: string;
  logoColorUrl: string;
}

export interface Stage3 {
  mobile: string;
  supportEmail: string;
  address: Omit<Address, 'line2'> & { line2?: string | null };
  region: string;
  landline?: string | null;
  whatsappNumber?: string | null;
  gstNumber?: string | null;
}

export interface Stage4 {
  socialLinks: string[];
}

export type StorePatch = Partial<Omit<Store, 'id' | 'status' | 'onboarding' | 'createdAt' | 'updatedAt'>>;

export interface Account extends Traced {
  id: string;
  email: string;
  createdAt: string;
  providers: string[];
}

export interface SessionInfo {
  id: string;
  method: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export type AppScope = 'store:read' | 'products:read' | 'products:write' | 'orders:read' | 'orders:write';
export type PublicScope = 'store:read' | 'products:read';

export interface OAuthApp extends Traced {
  id: string;
  storeId: string;
  name: string;
  clientId: string;
  scopes: AppScope[];
  createdAt: string;
  secretHint: string;
}

export interface OAuthAppWithSecret extends Omit<OAuthApp, 'secretHint'> {
  clientSecret: string;
}

export interface PublicToken extends Traced {
  id: string;
  storeId: string;
  name: string;
  scopes: PublicScope[];
  createdAt: string;
  tokenHint: string;
}

export interface PublicTokenWithSecret extends Omit<PublicToken, 'tokenHint'> {
  token: string;
}

/** A signed-in session as the SDK keeps it. */
export interface Session extends Traced {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  /** Epoch milliseconds from which the SDK refreshes before making a call. */
  refreshAt?: number;
}
