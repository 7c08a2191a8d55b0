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

/** A shopper's cart (contract §15): prices are always the catalogue's; it expires CART_TTL seconds after its last change. */
export type Cart = {
  buyerEmail: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** When the cart is gone unless it changes before (reading it does not extend it). */
  expiresAt: Scalars['DateTime']['output'];
  /** Opaque and unguessable (122 random bits). */
  id: Scalars['ID']['output'];
  lines: Array<CartLine>;
  /** The order its checkout placed (status completed), else null. */
  order: Maybe<Order>;
  /** "open", or "completed" once checked out (it then never changes). */
  status: Scalars['String']['output'];
  /** The sum of the lines in the cart's currency, an out-of-stock line included: what checkout charges once every line is available (it refuses the cart, never a line). Lines with inSubtotal false are left out. An empty cart: "0.00" "XXX", no currency. */
  subtotal: Money;
  totalQuantity: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type CartInput = {
  buyerEmail?: InputMaybe<Scalars['String']['input']>;
  lines?: InputMaybe<Array<CartLineInput>>;
};

export type CartLine = {
  /** Whether the line can be checked out now: the stock covers the quantity and the product is in the cart's currency. */
  available: Scalars['Boolean']['output'];
  /** Whether lineTotal counts in the cart's subtotal: every line in the cart's currency does, available or not. */
  inSubtotal: Scalars['Boolean']['output'];
  lineTotal: Money;
  /** Scope: products:read. */
  product: Product;
  quantity: Scalars['Int']['output'];
  /** Null when the line is available; otherwise why not, as checkout would refuse it: "out_of_stock" (OUT_OF_STOCK; the line still counts in the subtotal) or "currency_mismatch" (the product is now in another currency; not in the subtotal). */
  unavailableReason: Maybe<Scalars['String']['output']>;
  /** The catalogue's price now. */
  unitPrice: Money;
  variant: Maybe<ProductVariant>;
};

export type CartLineInput = {
  /** (v1.4) Alone only for a product without options. */
  productId?: InputMaybe<Scalars['ID']['input']>;
  quantity: Scalars['Int']['input'];
  /** (v1.4) The variant; with productId, they must agree. */
  variantId?: InputMaybe<Scalars['ID']['input']>;
};

export type Image = {
  altText: Maybe<Scalars['String']['output']>;
  height: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** Default MEDIUM. Scope: products:read. */
  url: Scalars['String']['output'];
  /** The original's width as displayed (orientation applied). */
  width: Scalars['Int']['output'];
};


export type ImageUrlArgs = {
  size?: InputMaybe<ImageSize>;
};

/** SMALL 160 px, MEDIUM 640 px, LARGE 1280 px on the longer side (WebP, never enlarged); ORIGINAL as uploaded. */
export type ImageSize =
  /** 1280 px on the longer side. */
  | 'LARGE'
  /** 640 px on the longer side. */
  | 'MEDIUM'
  /** The file as uploaded. */
  | 'ORIGINAL'
  /** 160 px on the longer side. */
  | 'SMALL';

export type Media = {
  bytes: Scalars['Int']['output'];
  contentType: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  /** A label only. */
  filename: Scalars['String']['output'];
  height: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** product_image (apps upload nothing else). */
  purpose: Scalars['String']['output'];
  renditions: Array<MediaRendition>;
  /** The original, as uploaded. */
  url: Scalars['String']['output'];
  /** As displayed (orientation applied). */
  width: Scalars['Int']['output'];
};

export type MediaRendition = {
  /** `small`, `medium`, `large` for product images. */
  name: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

/** An amount of money: a decimal string with exactly the currency's digits. */
export type Money = {
  /** Decimal string, e.g. "499.00" (USD), "500" (JPY), "1.500" (KWD). */
  amount: Scalars['String']['output'];
  /** ISO 4217 currency code. */
  currencyCode: Scalars['String']['output'];
};

export type Mutation = {
  /** Sets the buyer's e-mail (checkout needs one). Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  cartBuyerUpdate: Cart;
  /** A new cart, with lines and the buyer's e-mail if given. Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  cartCreate: Cart;
  /** Adds to each product's line (a product already in the cart adds to its line). Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  cartLinesAdd: Cart;
  /** Removes the variants' lines, and every line of the products (a product id). Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  cartLinesRemove: Cart;
  /** Sets each product's quantity; 0 removes its line. Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  cartLinesUpdate: Cart;
  /** Places the order at the catalogue's prices, taking every line's stock in one transaction: OUT_OF_STOCK (extensions.productIds) or, when expectedTotal differs, PRICE_CHANGED (extensions.total) change nothing. A completed cart answers its order again. Scope: cart:write (public tokens) or orders:write (apps). Accepts Idempotency-Key; rate-limited per address and token (RATE_LIMITED). */
  checkoutComplete: Order;
  /** open → cancelled, every line's stock put back (event order.cancelled); any other status is BAD_USER_INPUT, reason order_status_conflict. Apps only. Scope: orders:write. */
  orderCancel: Order;
  /** Prices every line from the catalogue and takes the stock in one transaction; OUT_OF_STOCK changes nothing. Apps only. Scope: orders:write. */
  orderCreate: Order;
  /** open → fulfilled (event order.fulfilled); any other status is BAD_USER_INPUT, reason order_status_conflict. Apps only. Scope: orders:write. */
  orderFulfil: Order;
  /** (v1.4) pending → paid, with paidAt (event order.paid); a paid order is answered unchanged (no second event); a cancelled one is BAD_USER_INPUT, reason order_status_conflict. Apps only. Scope: orders:write. */
  orderMarkPaid: Order;
  /** Apps only. Scope: products:write. */
  productCreate: Product;
  /** Apps only. Scope: products:write. Returns the deleted id. */
  productDelete: Scalars['ID']['output'];
  /** Apps only. Scope: products:write. The media stays; the images after it move up. */
  productImageRemove: Product;
  /** Apps only. Scope: products:write. Changes the alt text (null clears it) and/or moves the image to `position` (0 … images − 1). */
  productImageUpdate: Product;
  /** Apps only. Scope: products:write. Appends media of this store (purpose product_image) as images, all or none; at most 20 per product. */
  productImagesAdd: Product;
  /** (v1.4) Rename options or values, add values at the end (in the stored order). Apps only. Scope: products:write. Answers the product as it is after the change. */
  productOptionsUpdate: Product;
  /** Apps only. Scope: products:write. */
  productUpdate: Product;
  /** (v1.4) At most 250 per call. Apps only. Scope: products:write. Answers the product as it is after the change. */
  productVariantsCreate: Product;
  /** (v1.4) The last variant stays (last_variant). Apps only. Scope: products:write. Answers the product as it is after the change. */
  productVariantsDelete: Product;
  /** (v1.4) At most 250 per call. Apps only. Scope: products:write. Answers the product as it is after the change. */
  productVariantsUpdate: Product;
  /** Apps only. Scope: products:write. Checks the uploaded file and makes it a media (the same media when completed before); a refused file is BAD_USER_INPUT with `extensions.reason`. */
  stagedUploadComplete: Media;
  /** Apps only. Scope: products:write. A signed form for one product image of exactly `size` bytes. */
  stagedUploadCreate: StagedUpload;
};


export type MutationCartBuyerUpdateArgs = {
  buyerEmail: Scalars['String']['input'];
  cartId: Scalars['ID']['input'];
};


export type MutationCartCreateArgs = {
  input: InputMaybe<CartInput>;
};


export type MutationCartLinesAddArgs = {
  cartId: Scalars['ID']['input'];
  lines: Array<CartLineInput>;
};


export type MutationCartLinesRemoveArgs = {
  cartId: Scalars['ID']['input'];
  productIds: InputMaybe<Array<Scalars['ID']['input']>>;
  variantIds: InputMaybe<Array<Scalars['ID']['input']>>;
};


export type MutationCartLinesUpdateArgs = {
  cartId: Scalars['ID']['input'];
  lines: Array<CartLineInput>;
};


export type MutationCheckoutCompleteArgs = {
  cartId: Scalars['ID']['input'];
  expectedTotal: InputMaybe<Scalars['String']['input']>;
};


export type MutationOrderCancelArgs = {
  id: Scalars['ID']['input'];
  reason: InputMaybe<Scalars['String']['input']>;
};


export type MutationOrderCreateArgs = {
  input: OrderCreateInput;
};


export type MutationOrderFulfilArgs = {
  id: Scalars['ID']['input'];
};


export type MutationOrderMarkPaidArgs = {
  id: Scalars['ID']['input'];
};


export type MutationProductCreateArgs = {
  input: ProductCreateInput;
};


export type MutationProductDeleteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationProductImageRemoveArgs = {
  imageId: Scalars['ID']['input'];
  productId: Scalars['ID']['input'];
};


export type MutationProductImageUpdateArgs = {
  altText: InputMaybe<Scalars['String']['input']>;
  imageId: Scalars['ID']['input'];
  position: InputMaybe<Scalars['Int']['input']>;
  productId: Scalars['ID']['input'];
};


export type MutationProductImagesAddArgs = {
  images: Array<ProductImageInput>;
  productId: Scalars['ID']['input'];
};


export type MutationProductOptionsUpdateArgs = {
  options: Array<ProductOptionInput>;
  productId: Scalars['ID']['input'];
};


export type MutationProductUpdateArgs = {
  id: Scalars['ID']['input'];
  input: ProductUpdateInput;
};


export type MutationProductVariantsCreateArgs = {
  productId: Scalars['ID']['input'];
  variants: Array<ProductVariantInput>;
};


export type MutationProductVariantsDeleteArgs = {
  productId: Scalars['ID']['input'];
  variantIds: Array<Scalars['ID']['input']>;
};


export type MutationProductVariantsUpdateArgs = {
  productId: Scalars['ID']['input'];
  variants: Array<ProductVariantUpdateInput>;
};


export type MutationStagedUploadCompleteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationStagedUploadCreateArgs = {
  input: StagedUploadInput;
};

export type Order = {
  cancelReason: Maybe<Scalars['String']['output']>;
  cancelledAt: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  customerEmail: Scalars['String']['output'];
  fulfilledAt: Maybe<Scalars['DateTime']['output']>;
  id: Scalars['ID']['output'];
  lines: Array<OrderLine>;
  paidAt: Maybe<Scalars['DateTime']['output']>;
  /** "pending" or "paid" (orderMarkPaid). A checkout order starts "pending" and is cancelled, reason "payment_timeout", if still unpaid after ORDER_HOLD_TTL seconds. */
  paymentStatus: Scalars['String']['output'];
  /** "app" for orderCreate, "checkout" for a cart's checkoutComplete (whoever called it). */
  source: Scalars['String']['output'];
  /** "open" when placed, then "fulfilled" or "cancelled" (orderFulfil, orderCancel). */
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
  /** (v1.4) "paid" (the default: an app records what it has been paid for) or "pending". */
  paymentStatus?: InputMaybe<Scalars['String']['input']>;
};

export type OrderEdge = {
  cursor: Scalars['String']['output'];
  node: Order;
};

export type OrderLine = {
  lineTotal: Money;
  /** Scope: products:read. (v1.4) Nullable: null once the product is deleted (the line keeps its own title, sku and unitPrice). */
  product: Maybe<Product>;
  quantity: Scalars['Int']['output'];
  /** (v1.4) The variant's SKU as sold. */
  sku: Maybe<Scalars['String']['output']>;
  /** (v1.4) As sold: the product's title, then " / "-joined option values unless the default variant. */
  title: Scalars['String']['output'];
  /** The catalogue price when the order was placed. */
  unitPrice: Money;
  variant: Maybe<ProductVariant>;
};

/** (v1.4) A variant (variantId), or a product with only its default variant (productId); both must agree. */
export type OrderLineInput = {
  productId?: InputMaybe<Scalars['ID']['input']>;
  quantity: Scalars['Int']['input'];
  variantId?: InputMaybe<Scalars['ID']['input']>;
};

/** Relay page info for forward pagination (`first`/`after`). */
export type PageInfo = {
  /** Pass as `after` for the next page; null when the page is empty. */
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** (v1.4) The lowest and highest of a product's variant prices. */
export type PriceRange = {
  max: Money;
  min: Money;
};

export type Product = {
  createdAt: Scalars['DateTime']['output'];
  description: Maybe<Scalars['String']['output']>;
  /** The first image, or null without one. Scope: products:read. */
  featuredImage: Maybe<Image>;
  /** Unique within the store: lowercase letters, digits and single hyphens. */
  handle: Scalars['String']['output'];
  /** (v1.4) True for a product without options: its one variant is "Default Title". */
  hasOnlyDefaultVariant: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** In order, the first being the featured image; at most 20. Scope: products:read. */
  images: Array<Image>;
  /** Units in stock. */
  inventory: Scalars['Int']['output'];
  /** (v1.4) At most 3, in order. */
  options: Array<ProductOption>;
  price: Money;
  /** (v1.4) Lowest and highest variant price. */
  priceRange: PriceRange;
  /** Scope: store:read. */
  store: Store;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** (v1.4) In position order. */
  variants: ProductVariantConnection;
};


export type ProductImagesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type ProductVariantsArgs = {
  after: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type ProductConnection = {
  edges: Array<ProductEdge>;
  pageInfo: PageInfo;
};

export type ProductCreateInput = {
  /** ISO 4217 code, upper case, e.g. "USD"; left out: the store's currencyCode. */
  currencyCode?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  handle: Scalars['String']['input'];
  /** (v1.4) Required without variants. */
  inventory?: InputMaybe<Scalars['Int']['input']>;
  /** (v1.4) At most 3. */
  options?: InputMaybe<Array<ProductOptionInput>>;
  /** Decimal string, e.g. "499.00"; not negative, at most the currency's digits. (v1.4) Required without variants. */
  price?: InputMaybe<Scalars['String']['input']>;
  title: Scalars['String']['input'];
  /** (v1.4) One value of every option each; they replace the default variant. */
  variants?: InputMaybe<Array<ProductVariantInput>>;
};

export type ProductEdge = {
  cursor: Scalars['String']['output'];
  node: Product;
};

export type ProductImageInput = {
  /** At most 512 characters. */
  altText?: InputMaybe<Scalars['String']['input']>;
  /** A media of this store with purpose product_image. */
  mediaId: Scalars['ID']['input'];
};

/** (v1.4) An option of a product (Size, Color…) and its values, in order. */
export type ProductOption = {
  name: Scalars['String']['output'];
  values: Array<Scalars['String']['output']>;
};

export type ProductOptionInput = {
  name: Scalars['String']['input'];
  values: Array<Scalars['String']['input']>;
};

export type ProductUpdateInput = {
  currencyCode?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  handle?: InputMaybe<Scalars['String']['input']>;
  inventory?: InputMaybe<Scalars['Int']['input']>;
  price?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

/** (v1.4) What a cart line and an order line name: its own price, SKU and stock. */
export type ProductVariant = {
  /** Whether any unit is in stock. */
  available: Scalars['Boolean']['output'];
  compareAtPrice: Maybe<Money>;
  id: Scalars['ID']['output'];
  /** (v1.4) One of its product's images, or null. Scope: products:read. */
  image: Maybe<Image>;
  /** Units in stock. */
  inventory: Scalars['Int']['output'];
  position: Scalars['Int']['output'];
  price: Money;
  product: Product;
  /** One value of every option; [] for the default variant. */
  selectedOptions: Array<SelectedOption>;
  /** Unique within the store. */
  sku: Maybe<Scalars['String']['output']>;
  /** Its option values joined by " / " in option order; "Default Title" for the default variant. */
  title: Scalars['String']['output'];
};

export type ProductVariantConnection = {
  edges: Array<ProductVariantEdge>;
  pageInfo: PageInfo;
};

export type ProductVariantEdge = {
  cursor: Scalars['String']['output'];
  node: ProductVariant;
};

export type ProductVariantInput = {
  compareAtPrice?: InputMaybe<Scalars['String']['input']>;
  /** One of the product's images. */
  imageId?: InputMaybe<Scalars['ID']['input']>;
  inventory: Scalars['Int']['input'];
  /** Decimal string in the product's currency, e.g. "499.00". */
  price: Scalars['String']['input'];
  selectedOptions: Array<SelectedOptionInput>;
  sku?: InputMaybe<Scalars['String']['input']>;
};

export type ProductVariantUpdateInput = {
  compareAtPrice?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  /** One of the product's images. */
  imageId?: InputMaybe<Scalars['ID']['input']>;
  inventory?: InputMaybe<Scalars['Int']['input']>;
  /** Decimal string in the product's currency, e.g. "499.00". */
  price?: InputMaybe<Scalars['String']['input']>;
  sku?: InputMaybe<Scalars['String']['input']>;
};

export type Query = {
  /** A cart of this store; null when unknown, expired or another store's. Scope: cart:write (public tokens) or orders:write (apps). */
  cart: Maybe<Cart>;
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


export type QueryCartArgs = {
  id: Scalars['ID']['input'];
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

export type SelectedOption = {
  name: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

export type SelectedOptionInput = {
  name: Scalars['String']['input'];
  value: Scalars['String']['input'];
};

export type StagedUpload = {
  /** The form is refused after this (10 minutes). */
  expiresAt: Scalars['DateTime']['output'];
  /** Every entry as a form field, in this order, before the file. */
  fields: Array<UploadField>;
  /** The upload id: stagedUploadComplete(id) makes it a media of the same id. */
  id: Scalars['ID']['output'];
  /** Where to POST the multipart/form-data form. */
  url: Scalars['String']['output'];
};

export type StagedUploadInput = {
  /** image/png, image/jpeg, image/webp, image/gif or image/avif. */
  contentType: Scalars['String']['input'];
  /** 1–255 characters, a label only. */
  filename: Scalars['String']['input'];
  /** Bytes, 1 … MEDIA_MAX_BYTES: the form accepts exactly this length. */
  size: Scalars['Int']['input'];
};

/** The store the token belongs to. */
export type Store = {
  /** ISO 4217: the currency products take when created without one. */
  currencyCode: Scalars['String']['output'];
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

export type UploadField = {
  name: Scalars['String']['output'];
  value: Scalars['String']['output'];
};
