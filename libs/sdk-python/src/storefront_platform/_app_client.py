"""Clients that act for one store with an app's access token."""

from __future__ import annotations

import base64
import urllib.parse
from typing import Any, Callable, Dict, Optional, Sequence, Tuple, TypeVar, Union, cast

from ._errors import ApiError, GraphQLError
from ._graphql import AppOrders, AppProducts, GraphQLCaller
from ._media import AppMedia
from ._results import Secret, traced
from ._tokens import TokenAnswer, TokenCache
from ._transport import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    Request,
    Response,
    Transport,
    api_error,
    checked_credential,
    json_object,
    oauth_error,
)
from ._types import AppStore, Done

T = TypeVar("T")

TOKEN_PATH = "/v1/auth/oauth/token"
REVOKE_PATH = "/v1/auth/oauth/revoke"


def scope_text(scope: Union[str, Sequence[str], None]) -> Optional[str]:
    """A space-separated scope from a string or a sequence of strings; None for none."""
    if scope is None:
        return None
    words = scope.split() if isinstance(scope, str) else list(scope)
    if any(not isinstance(w, str) or not w or any(c.isspace() for c in w) for w in words):
        raise ValueError("scope must be a space-separated string or a sequence of scope names")
    return " ".join(words) or None


def basic_auth(client_id: str, client_secret: str) -> Dict[str, str]:
    """HTTP Basic client authentication (RFC 6749 §2.3.1: each part form-urlencoded first)."""
    pair = f"{urllib.parse.quote(client_id, safe='')}:{urllib.parse.quote(client_secret, safe='')}"
    return {"Authorization": "Basic " + base64.b64encode(pair.encode("utf-8")).decode("ascii")}


def token_answer(response: Response, request: Request) -> Tuple[Dict[str, Any], TokenAnswer]:
    """A token endpoint's answer: the whole body and ``(access_token, expires_in)``; an OAuthError for
    a refusal or an answer without an access token."""
    if response.status != 200:
        raise oauth_error(response)
    body = json_object(response, request)
    token = body.get("access_token")
    if not isinstance(token, str) or not token:
        raise oauth_error(response)
    try:
        lifetime = float(body.get("expires_in", 0))
    except (TypeError, ValueError):
        lifetime = 0.0
    return body, (token, lifetime)


def _unauthorized(error: Exception) -> bool:
    return isinstance(error, (ApiError, GraphQLError)) and error.status == 401


class StoreAppClient(GraphQLCaller):
    """What every client acting for a store with an app's access token does: keep the token (one
    request however many threads wait, renewed before it expires), replay a call answered 401 once
    with a fresh token, and call the store, its catalogue and its orders. The token fetch is the
    subclass's: client credentials (AppClient) or the refresh-token grant (InstalledAppClient)."""

    def __init__(self, base_url: str, client_id: str, client_secret: str, timeout: float, max_retries: int) -> None:
        self._transport = Transport(base_url=base_url, timeout=timeout, max_retries=max_retries)
        self._client_id = checked_credential(client_id, "client_id")
        self._client_secret = Secret(checked_credential(client_secret, "client_secret"))
        self._tokens = TokenCache(self._fetch_token)
        name = type(self).__name__
        #: The store's catalogue: ``list``, ``iterate``, ``get``, ``create``, ``update``, ``delete``.
        self.products = AppProducts(self.graphql, name)
        #: The store's orders: ``create``, ``list``, ``iterate``, ``get``, ``fulfil``, ``cancel``.
        self.orders = AppOrders(self.graphql, name)
        #: (v1.4) The store's media for product images: ``upload``.
        self.media = AppMedia(self.graphql, name, timeout)

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    @property
    def client_id(self) -> str:
        return self._client_id

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, client_id={self._client_id!r})"

    def _fetch_token(self) -> TokenAnswer:
        raise NotImplementedError

    def _basic(self) -> Dict[str, str]:
        return basic_auth(self._client_id, self._client_secret.reveal())

    def get_access_token(self, *, timeout: Optional[float] = None) -> str:
        """The current access token: cached, renewed once half its lifetime has passed, one token
        request for any number of threads. ``timeout`` bounds this caller's wait for it."""
        return self._tokens.get(timeout)

    def _with_token(self, call: Callable[[str], T], timeout: Optional[float]) -> T:
        """Runs a call with the token; a 401 gets a fresh token and one replay, a second 401 raises."""
        first = self._tokens.get(timeout)
        try:
            return call(first)
        except (ApiError, GraphQLError) as error:
            if not _unauthorized(error):
                raise
        # Outside the handler, so a second failure does not chain onto the first.
        self._tokens.invalidate(first)
        return call(self._tokens.get(timeout))

    def store(self, *, timeout: Optional[float] = None) -> AppStore:
        """The app's store: ``{"id", "name"}`` (``GET /v1/app/store``)."""

        def call(token: str) -> AppStore:
            request = Request("GET", "/v1/app/store", token=token, retryable=True, timeout=timeout)
            response = self._transport.send(request)
            if response.status != 200:
                raise api_error(response)
            return cast(AppStore, traced(json_object(response, request), response.request_id))

        return self._with_token(call, timeout)

    def revoke(self, *, timeout: Optional[float] = None) -> Done:
        """Revokes the current access token (RFC 7009); the next call fetches a new one."""
        current = self._tokens.take()
        if current is None:
            return cast(Done, traced({}, None))
        response = self._transport.send(
            Request(
                "POST",
                REVOKE_PATH,
                form={"token": current, "token_type_hint": "access_token"},
                headers=self._basic(),
                retryable=True,
                timeout=timeout,
            )
        )
        if response.status != 200:
            raise oauth_error(response)
        return cast(Done, traced({}, response.request_id))


class AppClient(StoreAppClient):
    """A server's client for one store, through a store app's credentials (OAuth client credentials).

    It fetches its own access token, keeps it, and renews it before it expires — one token request
    however many threads wait for it. A call answered 401 gets a fresh token and is replayed once. The
    secret and the tokens never appear in ``repr()`` or in any error message. Safe to share between
    threads; make one per app and keep it.
    """

    def __init__(
        self,
        *,
        base_url: str,
        client_id: str,
        client_secret: str,
        scope: Union[str, Sequence[str], None] = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> None:
        self._scope = scope_text(scope)
        super().__init__(base_url, client_id, client_secret, timeout, max_retries)

    def _fetch_token(self) -> TokenAnswer:
        """The client-credentials grant; asking again for a token changes nothing, so it is retried."""
        form = {"grant_type": "client_credentials"}
        if self._scope:
            form["scope"] = self._scope
        request = Request("POST", TOKEN_PATH, form=form, headers=self._basic(), retryable=True)
        return token_answer(self._transport.send(request), request)[1]
