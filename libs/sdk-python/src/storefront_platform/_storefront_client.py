"""One store's catalogue, and shoppers' carts and checkout, through a public token."""

from __future__ import annotations

from typing import Callable, Optional, TypeVar

from ._graphql import GraphQLCaller, Price, StorefrontCart, StorefrontProducts, checkout, read_store
from ._results import Secret
from ._transport import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, Transport, checked_credential
from ._types import Order, StorefrontStore


T = TypeVar("T")


class StorefrontClient(GraphQLCaller):
    """A store's catalogue through its public token (``sfp_…``), the token safe to ship to browsers and
    apps. With a token given the ``cart:write`` scope it also keeps shoppers' carts (``cart``) and checks
    them out (``checkout``). The token never appears in ``repr()`` or in any error message."""

    def __init__(
        self,
        *,
        base_url: str,
        public_token: str,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> None:
        self._transport = Transport(base_url=base_url, timeout=timeout, max_retries=max_retries)
        self._public_token = Secret(checked_credential(public_token, "public_token"))
        #: The catalogue: ``list``, ``iterate``, ``get``.
        self.products = StorefrontProducts(self.graphql, "StorefrontClient")
        #: Shoppers' carts (``cart:write``): ``create``, ``get``, ``add``, ``update``, ``remove``, ``set_buyer``.
        self.cart = StorefrontCart(self.graphql, "StorefrontClient")

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def __repr__(self) -> str:
        return f"StorefrontClient(base_url={self.base_url!r})"

    def _with_token(self, call: Callable[[str], T], timeout: Optional[float]) -> T:
        return call(self._public_token.reveal())

    def store(self, *, timeout: Optional[float] = None) -> StorefrontStore:
        """The token's store as the storefront shows it."""
        return read_store(self.graphql, timeout)

    def checkout(
        self,
        cart_id: str,
        *,
        expected_total: Optional[Price] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Order:
        """Checks the cart out: the order (status ``open``, ``source`` ``checkout``), every line's stock
        taken in one transaction. The cart needs a buyer's e-mail address and at least one line.

        ``expected_total`` (a decimal string or a Decimal: the total the shopper saw, e.g. the cart's
        ``subtotal["amount"]``) makes a checkout whose total changed meanwhile raise PriceChangedError
        (with the new ``total``) instead of charging it. A line that lacks stock raises OutOfStockError
        (``product_ids``); either way nothing changes. Checking out a completed cart again returns its
        order. An Idempotency-Key is added when none is given, so a lost answer is retried safely; pass
        your own to make a retry after a restart safe too."""
        return checkout(self.graphql, cart_id, expected_total, idempotency_key, timeout)
