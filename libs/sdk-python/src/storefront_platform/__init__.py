"""storefront-platform: the official Python client of the Storefront Platform API.

Standard library only. ``AppClient`` acts for one store with an app's credentials,
``InstalledAppClient`` for one store that installed an app that many stores install,
``StorefrontClient`` reads a store's catalogue and keeps shoppers' carts with a public token, and
``verify_webhook`` checks a webhook delivery.
Every error is a ``StorefrontError``. See the package's README for quick starts.
"""

from ._app_client import AppClient
from ._errors import (
    APIConnectionError,
    ApiError,
    APITimeoutError,
    CartCompletedError,
    GraphQLError,
    GraphQLErrorEntry,
    OAuthError,
    OutOfStockError,
    PriceChangedError,
    RateLimitError,
    SecondFactorRequiredError,
    StepUpRequiredError,
    StorefrontError,
    WebhookVerificationError,
)
from ._events import EVENT_TYPES, is_event, is_event_type
from ._graphql import AppOrders, AppProductImages, AppProducts, StorefrontCart, StorefrontProducts
from ._media import AppMedia
from ._installed_app_client import AuthorizationRequest, InstalledAppClient, RefreshTokenCallback
from ._results import request_id_of
from ._storefront_client import StorefrontClient
from ._types import (
    AppStore,
    Cart,
    CartLine,
    CartLineVariant,
    CartLineInput,
    Deleted,
    Done,
    EventActor,
    Image,
    Media,
    MediaRendition,
    Money,
    Order,
    OrderConnection,
    OrderEdge,
    OrderLine,
    OrderLineInput,
    OrderLineProduct,
    PageInfo,
    Product,
    ProductConnection,
    ProductEdge,
    ProductImageInput,
    StorefrontStore,
    WebhookEvent,
)
from ._version import __version__
from ._webhooks import verify_webhook

__all__ = [
    "__version__",
    # clients
    "AppClient",
    "StorefrontClient",
    "InstalledAppClient",
    "AuthorizationRequest",
    "RefreshTokenCallback",
    "AppProducts",
    "AppProductImages",
    "AppMedia",
    "AppOrders",
    "StorefrontProducts",
    "StorefrontCart",
    "verify_webhook",
    "EVENT_TYPES",
    "is_event_type",
    "is_event",
    "request_id_of",
    # errors
    "StorefrontError",
    "ApiError",
    "RateLimitError",
    "StepUpRequiredError",
    "SecondFactorRequiredError",
    "OAuthError",
    "GraphQLError",
    "GraphQLErrorEntry",
    "PriceChangedError",
    "OutOfStockError",
    "CartCompletedError",
    "APITimeoutError",
    "APIConnectionError",
    "WebhookVerificationError",
    # results
    "AppStore",
    "StorefrontStore",
    "Money",
    "PageInfo",
    "Product",
    "Image",
    "Media",
    "MediaRendition",
    "ProductImageInput",
    "ProductEdge",
    "ProductConnection",
    "Order",
    "OrderLine",
    "OrderLineProduct",
    "OrderEdge",
    "OrderConnection",
    "OrderLineInput",
    "Cart",
    "CartLine",
    "CartLineVariant",
    "CartLineInput",
    "Deleted",
    "Done",
    "EventActor",
    "WebhookEvent",
]
