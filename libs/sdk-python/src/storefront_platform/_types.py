"""What the clients return: dicts in the wire's shape (camelCase keys, as the API answers), typed as
``TypedDict``s with exactly the fields the SDK selects. A test checks real answers of the server
against these shapes, key by key."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, TypedDict


class Money(TypedDict):
    #: A decimal string with exactly the currency's digits, e.g. "499.00" (USD), "500" (JPY).
    amount: str
    #: ISO 4217, e.g. "EUR".
    currencyCode: str


class PageInfo(TypedDict):
    hasNextPage: bool
    #: Pass as ``after`` for the next page; None when the page is empty.
    endCursor: Optional[str]


class Image(TypedDict):
    """(v1.4) A product's image: ``url`` is the medium rendition (640 px on the longer side)."""

    id: str
    url: str
    altText: Optional[str]
    width: int
    height: int


class ProductOption(TypedDict):
    name: str
    values: List[str]


class PriceRange(TypedDict):
    min: Money
    max: Money


class Product(TypedDict):
    id: str
    handle: str
    title: str
    description: Optional[str]
    #: (v1.4) With several variants: the lowest variant price, and the total stock.
    price: Money
    inventory: int
    images: List[Image]
    featuredImage: Optional[Image]
    createdAt: str
    updatedAt: str
    #: (v1.4) True for a product without options (its one variant is "Default Title").
    hasOnlyDefaultVariant: bool
    options: List[ProductOption]
    priceRange: PriceRange


class MediaRendition(TypedDict):
    name: str
    url: str


class Media(TypedDict):
    """(v1.4) A checked image of the store, as an app's upload returns it."""

    id: str
    purpose: str
    contentType: str
    width: int
    height: int
    bytes: int
    filename: str
    url: str
    renditions: List[MediaRendition]
    createdAt: str


class ProductImageInput(TypedDict, total=False):
    """(v1.4) An image to add: ``media_id`` (required) and ``alt_text``."""

    media_id: str
    alt_text: Optional[str]


class ProductEdge(TypedDict):
    cursor: str
    node: Product


class ProductConnection(TypedDict):
    edges: List[ProductEdge]
    pageInfo: PageInfo


class OrderLineProduct(TypedDict):
    id: str
    handle: str
    title: str


class OrderLine(TypedDict):
    #: (v1.4) As sold: the product's title, then the variant's option values unless the default variant.
    title: str
    #: (v1.4) The variant's SKU as sold.
    sku: Optional[str]
    quantity: int
    unitPrice: Money
    lineTotal: Money
    #: (v1.4) None when the product row is gone.
    product: Optional[OrderLineProduct]


class Order(TypedDict):
    id: str
    #: "open", then "fulfilled" or "cancelled".
    status: str
    #: "app" (``orders.create``) or "checkout" (a cart checked out).
    source: str
    customerEmail: str
    total: Money
    createdAt: str
    #: When it was fulfilled or cancelled; None while it is not.
    fulfilledAt: Optional[str]
    cancelledAt: Optional[str]
    #: The ``reason`` given to ``orders.cancel``, if any.
    cancelReason: Optional[str]
    #: (v1.4) "pending" (a checkout's order until marked paid) or "paid".
    paymentStatus: str
    paidAt: Optional[str]
    lines: List[OrderLine]


class OrderEdge(TypedDict):
    cursor: str
    node: Order


class OrderConnection(TypedDict):
    edges: List[OrderEdge]
    pageInfo: PageInfo


class OrderLineInput(TypedDict, total=False):
    """One line of ``orders.create(lines=[…])`` and of a cart (``cart.create/add/update``): (v1.4) the
    variant, or the product of a default variant (both given must agree), and how many."""

    product_id: str
    variant_id: str
    quantity: int


#: The same line, by the name the cart calls use (GraphQL's ``CartLineInput``).
CartLineInput = OrderLineInput


class CartLineVariant(TypedDict):
    """(v1.4) The variant a cart line names, as the catalogue has it now."""

    id: str
    #: Its option values joined by " / " ("M / Red"); "Default Title" for a product without options.
    title: str
    sku: Optional[str]


class CartLine(TypedDict):
    #: The product (the same fields as an order line's).
    product: OrderLineProduct
    #: (v1.4) The variant (lines are one per variant); None once it is deleted.
    variant: Optional[CartLineVariant]
    quantity: int
    #: The catalogue's current price: a cart never keeps an old one.
    unitPrice: Money
    lineTotal: Money
    #: Can this line be checked out now (stock, and the cart's currency)?
    available: bool
    #: None when available; else "out_of_stock" (still counted in the subtotal) or
    #: "currency_mismatch" (the product moved to another currency: not counted).
    unavailableReason: Optional[str]
    #: Does ``lineTotal`` count in the cart's subtotal?
    inSubtotal: bool


class Cart(TypedDict):
    """A shopper's cart (``StorefrontClient.cart``)."""

    #: Opaque; keep it (a cookie, the session) to come back to the cart.
    id: str
    #: "open", or "completed" once checked out (it cannot change any more).
    status: str
    buyerEmail: Optional[str]
    totalQuantity: int
    #: What the lines cost now; checkout charges this (compare it with ``expected_total``).
    subtotal: Money
    createdAt: str
    updatedAt: str
    #: Untouched until then (reading does not extend it), the cart is gone.
    expiresAt: str
    lines: List[CartLine]
    #: The order, once the cart is checked out.
    order: Optional[Order]


class AppStore(TypedDict):
    """What ``AppClient.store()`` answers (``GET /v1/app/store``): the app's store."""

    id: str
    name: str


class StorefrontStore(TypedDict):
    """What ``StorefrontClient.store()`` answers: the store as the Storefront GraphQL API shows it."""

    id: str
    name: str
    description: Optional[str]
    status: str
    faviconUrl: Optional[str]
    logoBlackWhiteUrl: Optional[str]
    logoColorUrl: Optional[str]
    supportEmail: Optional[str]
    socialLinks: List[str]
    #: (v1.4) ISO 4217: what products created without a currency are priced in.
    currencyCode: str


class Deleted(TypedDict):
    """What ``products.delete()`` answers: the deleted product's id."""

    id: str


class Done(TypedDict):
    """What a call that answers nothing returns (``revoke()``): an empty dict carrying the request id."""


class EventActor(TypedDict):
    #: "account", "app", "public_token" or "system".
    type: str
    id: Optional[str]
    name: Optional[str]


class WebhookEvent(TypedDict):
    """The body of a webhook delivery: one event of the store."""

    #: The same on every attempt of the delivery: deduplicate on it.
    id: str
    #: e.g. "product.created", "order.created", "store.updated".
    type: str
    storeId: str
    createdAt: str
    actor: EventActor
    #: The resource as the API shows it (``{"id": …}`` for a deletion).
    data: Dict[str, Any]
