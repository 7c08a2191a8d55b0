"""storefront-platform: the official Python client of the Storefront Platform API.

Standard library only. ``AppClient`` acts for one store with an app's credentials,
``StorefrontClient`` reads a store's catalogue with a public token, ``InstalledAppClient`` starts the
installation of an app that many stores install, and ``verify_webhook`` checks a webhook delivery.
Every error is a ``StorefrontError``. See the package's README for quick starts.
"""

from ._app_client import AppClient
from ._errors import (
    APIConnectionError,
    ApiError,
    APITimeoutError,
    GraphQLError,
    GraphQLErrorEntry,
    OAuthError,
    RateLimitError,
    StorefrontError,
    WebhookVerificationError,
)
from ._events import EVENT_TYPES, is_event, is_event_type
from ._graphql import AppOrders, AppProducts, StorefrontProducts
from ._installed_app_client import AuthorizationRequest, InstalledAppClient
from ._results import request_id_of
from ._storefront_client import StorefrontClient
from ._types import (
    AppStore,
    Deleted,
    Done,
    EventActor,
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
    "AppProducts",
    "AppOrders",
    "StorefrontProducts",
    "verify_webhook",
    "EVENT_TYPES",
    "is_event_type",
    "is_event",
    "request_id_of",
    # errors
    "StorefrontError",
    "ApiError",
    "RateLimitError",
    "OAuthError",
    "GraphQLError",
    "GraphQLErrorEntry",
    "APITimeoutError",
    "APIConnectionError",
    "WebhookVerificationError",
    # results
    "AppStore",
    "StorefrontStore",
    "Money",
    "PageInfo",
    "Product",
    "ProductEdge",
    "ProductConnection",
    "Order",
    "OrderLine",
    "OrderLineProduct",
    "OrderEdge",
    "OrderConnection",
    "OrderLineInput",
    "Deleted",
    "Done",
    "EventActor",
    "WebhookEvent",
]
