"""The SDK's exceptions: every one is a StorefrontError.

`request_id` is the server's ``X-Request-Id`` whenever there was an answer: quote it to support. No
message, ``repr()`` or attribute of these exceptions holds a client secret or a token.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Type, TypedDict, cast

from ._types import Money


def _restore(cls: Type[StorefrontError], args: Tuple[Any, ...], state: Dict[str, Any]) -> StorefrontError:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class StorefrontError(Exception):
    """Every error the SDK raises."""

    message: str
    request_id: Optional[str]

    def __init__(self, message: str, *, request_id: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.request_id = request_id

    def __reduce__(self) -> Tuple[Any, ...]:
        # Keyword-only constructors defeat the default pickling of exceptions; an error raised in a
        # worker process (multiprocessing, concurrent.futures) must still reach its parent intact.
        return (_restore, (type(self), self.args, dict(self.__dict__)))


class ApiError(StorefrontError):
    """A REST answer with an error status (an RFC 9457 problem).

    ``code`` is the problem's stable code (e.g. ``store_not_found``); ``problem`` the whole problem
    object, extension members included. An answer that is not JSON at all (a proxy's HTML page, a
    ``base_url`` pointing at a website) is an ApiError too, with the answer's status and the code
    ``non_json_response``.
    """

    status: int
    code: str
    problem: Dict[str, Any]

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        problem: Dict[str, Any],
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(message, request_id=request_id)
        self.status = status
        self.code = code
        self.problem = problem

    def __str__(self) -> str:
        where = f", request {self.request_id}" if self.request_id else ""
        return f"{self.message} (HTTP {self.status} {self.code}{where})"


class RateLimitError(ApiError):
    """HTTP 429, once the SDK stopped retrying: its retries ran out, or the server asked for a wait
    (``Retry-After``) that ends past the call's timeout. ``retry_after`` is in seconds, ``None`` when
    the answer gave none."""

    retry_after: Optional[int]

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        problem: Dict[str, Any],
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(message, status=status, code=code, problem=problem, request_id=request_id)
        self.retry_after = retry_after


class StepUpRequiredError(ApiError):
    """HTTP 401 ``step_up_required`` (RFC 9470): the account has a second factor and this session has not
    verified one within ``max_age`` seconds. Not a bad token: verify a factor in the session, then retry."""

    max_age: int

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        problem: Dict[str, Any],
        request_id: Optional[str] = None,
        max_age: int = 600,
    ) -> None:
        super().__init__(message, status=status, code=code, problem=problem, request_id=request_id)
        self.max_age = max_age


class SecondFactorRequiredError(StorefrontError):
    """Sign-in needs a second factor: the account answered ``mfaRequired`` with an ``mfa_token`` and the
    ``methods`` it may finish with (``POST /v1/auth/login/mfa``). The TypeScript SDK's ``AccountClient``
    raises it; this SDK has no account sign-in, so it only names the same answer for code that makes that
    call itself."""

    mfa_token: str
    methods: List[str]

    def __init__(
        self,
        message: str,
        *,
        mfa_token: str,
        methods: List[str],
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(message, request_id=request_id)
        self.mfa_token = mfa_token
        self.methods = methods


class OAuthError(StorefrontError):
    """The token or revocation endpoint refused (RFC 6749 §5.2), e.g. ``invalid_client`` after the
    app's secret was rotated."""

    status: int
    error: str
    error_description: Optional[str]

    def __init__(
        self,
        *,
        status: int,
        error: str,
        error_description: Optional[str] = None,
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(error_description or error, request_id=request_id)
        self.status = status
        self.error = error
        self.error_description = error_description

    def __str__(self) -> str:
        where = f", request {self.request_id}" if self.request_id else ""
        return f"{self.message} (HTTP {self.status} {self.error}{where})"


class GraphQLErrorEntry(TypedDict, total=False):
    """One entry of a GraphQL answer's ``errors``."""

    message: str
    path: List[Any]
    extensions: Dict[str, Any]


class GraphQLError(StorefrontError):
    """A GraphQL answer with ``errors``: ``codes`` are their ``extensions.code`` (e.g. ``NOT_FOUND``,
    ``OUT_OF_STOCK``, ``FORBIDDEN``), ``data`` whatever data came back with them, ``status`` the HTTP
    status."""

    errors: List[GraphQLErrorEntry]
    codes: List[str]
    data: Any
    status: int

    def __init__(
        self,
        *,
        errors: List[GraphQLErrorEntry],
        data: Any,
        status: int,
        request_id: Optional[str] = None,
    ) -> None:
        messages = "; ".join(str(e.get("message", "")) for e in errors if isinstance(e, dict))
        super().__init__(messages or f"GraphQL error (HTTP {status})", request_id=request_id)
        self.errors = errors
        self.data = data
        self.status = status
        self.codes = [
            str((e.get("extensions") or {}).get("code", "UNKNOWN")) if isinstance(e, dict) else "UNKNOWN"
            for e in errors
        ]

    def __str__(self) -> str:
        where = f", request {self.request_id}" if self.request_id else ""
        return f"{self.message} ({', '.join(self.codes)}{where})"


class _CodedGraphQLError(GraphQLError):
    """A GraphQLError for one refusal the caller handles on its own: ``extensions`` is the
    ``extensions`` object of the error entry that carries ``CODE``."""

    CODE = ""
    extensions: Dict[str, Any]

    def __init__(
        self,
        *,
        errors: List[GraphQLErrorEntry],
        data: Any,
        status: int,
        request_id: Optional[str] = None,
    ) -> None:
        super().__init__(errors=errors, data=data, status=status, request_id=request_id)
        self.extensions = {}
        for entry in errors:
            extensions = entry.get("extensions") if isinstance(entry, dict) else None
            if isinstance(extensions, dict) and extensions.get("code") == self.CODE:
                self.extensions = dict(extensions)
                break
        self._read_extensions()

    def _read_extensions(self) -> None:
        """Sets the subclass's own fields from ``self.extensions`` (nothing here)."""


class PriceChangedError(_CodedGraphQLError):
    """``checkout(…, expected_total=…)`` refused: the cart would cost something else now (a price
    changed since the shopper saw it). Nothing changed. ``total`` is the total it would charge now
    (``{"amount", "currencyCode"}``): show it and ask again."""

    CODE = "PRICE_CHANGED"
    total: Optional[Money]

    def _read_extensions(self) -> None:
        total = self.extensions.get("total")
        self.total = cast(Money, dict(total)) if isinstance(total, dict) else None


class OutOfStockError(_CodedGraphQLError):
    """A checkout or an order asked for more than the stock of some products (``product_ids``) —
    (v1.4) of these variants (``variant_ids``); nothing was taken and nothing ordered."""

    CODE = "OUT_OF_STOCK"
    product_ids: List[str]
    variant_ids: List[str]

    def _read_extensions(self) -> None:
        ids = self.extensions.get("productIds")
        if not isinstance(ids, list):
            # orderCreate names the first product that lacks stock (``productId``).
            one = self.extensions.get("productId")
            ids = [one] if one is not None else []
        self.product_ids = [str(i) for i in ids]
        variants = self.extensions.get("variantIds")
        self.variant_ids = [str(i) for i in variants] if isinstance(variants, list) else []


class CartCompletedError(_CodedGraphQLError):
    """The cart was checked out already and cannot change (its order is ``cart.get(id)["order"]``)."""

    CODE = "CART_COMPLETED"


#: The GraphQL error codes with a class of their own, most specific first.
CODED_GRAPHQL_ERRORS: Tuple[Type[_CodedGraphQLError], ...] = (PriceChangedError, OutOfStockError, CartCompletedError)


def graphql_error(
    *,
    errors: List[GraphQLErrorEntry],
    data: Any,
    status: int,
    request_id: Optional[str] = None,
) -> GraphQLError:
    """The exception for a GraphQL answer with ``errors``: the class of the first code that has one
    (PriceChangedError, OutOfStockError, CartCompletedError), else GraphQLError."""
    codes = {str((e.get("extensions") or {}).get("code")) for e in errors if isinstance(e, dict)}
    cls: Type[GraphQLError] = next((c for c in CODED_GRAPHQL_ERRORS if c.CODE in codes), GraphQLError)
    return cls(errors=errors, data=data, status=status, request_id=request_id)


class APITimeoutError(StorefrontError, TimeoutError):
    """No answer within the timeout (each attempt; a GET or another retryable request is tried again
    first). Also a built-in ``TimeoutError``."""


class APIConnectionError(StorefrontError, ConnectionError):
    """The request got no answer at all (connection refused or reset, DNS, TLS). Also a built-in
    ``ConnectionError``; ``__cause__`` is the underlying error."""


class WebhookVerificationError(StorefrontError):
    """A webhook delivery that `verify_webhook` refuses: a header missing, a timestamp outside the
    tolerance, no valid signature, or a body that is not a JSON object. Answer it with a 400."""
