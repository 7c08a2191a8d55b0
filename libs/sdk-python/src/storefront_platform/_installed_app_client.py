"""Apps that many stores install (OAuth authorization code with PKCE, then rotating refresh tokens)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import time
import urllib.parse
from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence, Union

from ._app_client import TOKEN_PATH, StoreAppClient, basic_auth, scope_text, token_answer
from ._results import Secret
from ._tokens import TokenAnswer
from ._transport import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    Request,
    Transport,
    checked_base_url,
    checked_credential,
    checked_text,
    oauth_error,
)

#: Called with every new refresh token, before the client uses what came with it. Store the token
#: durably (a database row of the installation); an exception keeps the client on the previous one.
RefreshTokenCallback = Callable[[str], object]

AUTHORIZE_PATH = "/v1/auth/oauth/authorize"


class AuthorizationRequest(NamedTuple):
    """What ``InstalledAppClient.authorize_url()`` answers; unpacks as ``url, code_verifier, state``."""

    #: Send the merchant's browser here (the service's consent page follows).
    url: str
    #: Keep it server-side (e.g. in the session) for the code exchange; never send it to the browser.
    code_verifier: str
    #: Compare it with the ``state`` that comes back to your redirect URI before using the code.
    state: str

    def __repr__(self) -> str:
        return f"AuthorizationRequest(url={self.url!r}, code_verifier='********', state={self.state!r})"


def code_challenge(code_verifier: str) -> str:
    """RFC 7636 S256: base64url (no padding) of the SHA-256 of the verifier."""
    digest = hashlib.sha256(code_verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _checked_redirect_uri(value: object) -> str:
    text = checked_text(value, "redirect_uri")
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.fragment or "#" in text:
        raise ValueError("redirect_uri must be an absolute http(s) URL without a fragment")
    return text


def _checked_callback(value: object) -> RefreshTokenCallback:
    if not callable(value):
        raise TypeError("on_refresh_token must be a callable taking the new refresh token")
    return value


def _refresh_token_of(body: Mapping[str, Any]) -> Optional[str]:
    token = body.get("refresh_token")
    return token if isinstance(token, str) and token else None


class InstalledAppClient(StoreAppClient):
    """An installable app (§13 of the API) acting for one store that installed it: any store's owner
    installs it through the consent page, and the app then acts for that store with the scopes granted.

    ``authorize_url()`` starts an installation, ``exchange_code()`` finishes it and returns the client;
    later processes make one from the stored refresh token with ``InstalledAppClient(…)``. The client
    renews its access token by itself (one token request however many threads wait, before it expires)
    with the refresh-token grant. Each renewal **rotates** the refresh token: the client calls
    ``on_refresh_token(new_refresh_token)`` and only once it has returned uses the new access token, so a
    crash never loses the grant (the service keeps the previous refresh token usable until its
    replacement is first used). When the callback raises, its exception reaches the call that waited
    for the token and the client keeps the previous refresh token (and its current access token while
    that is valid). ``refresh_token`` is always the current one.

    The same ``store()``, ``products``, ``orders``, ``graphql()``, ``revoke()`` as AppClient, with the
    same retries and single 401 replay. The secret and the tokens never appear in ``repr()`` or in any
    error message. Safe to share between threads: make one per installation and keep it.
    """

    def __init__(
        self,
        base_url: str,
        client_id: str,
        client_secret: str,
        refresh_token: str,
        on_refresh_token: RefreshTokenCallback,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> None:
        self._refresh_token = Secret(checked_credential(refresh_token, "refresh_token"))
        self._on_refresh_token = _checked_callback(on_refresh_token)
        super().__init__(base_url, client_id, client_secret, timeout, max_retries)

    @property
    def refresh_token(self) -> str:
        """The current refresh token: the last one ``on_refresh_token`` accepted."""
        return self._refresh_token.reveal()

    def _fetch_token(self) -> TokenAnswer:
        """The refresh-token grant. Retried after a lost answer like any token request: the refresh
        token sent stays usable until its replacement is first used, and that replacement was lost."""
        current = self._refresh_token.reveal()
        request = Request(
            "POST",
            TOKEN_PATH,
            form={"grant_type": "refresh_token", "refresh_token": current},
            headers=self._basic(),
            retryable=True,
        )
        response = self._transport.send(request)
        body, answer = token_answer(response, request)
        rotated = _refresh_token_of(body)
        if rotated is not None and rotated != current:
            checked_credential(rotated, "refresh_token")
            # The new refresh token is handed over before anything uses what came with it: if the
            # callback raises, this renewal fails as a whole and the previous refresh token stays.
            self._on_refresh_token(rotated)
            self._refresh_token = Secret(rotated)
        return answer

    @classmethod
    def exchange_code(
        cls,
        base_url: str,
        client_id: str,
        client_secret: str,
        code: str,
        redirect_uri: str,
        code_verifier: str,
        on_refresh_token: RefreshTokenCallback,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> "InstalledAppClient":
        """Finishes an installation: exchanges the ``code`` that came back to ``redirect_uri`` (with the
        ``code_verifier`` of ``authorize_url()``) for the installation's tokens, calls
        ``on_refresh_token`` with the first refresh token, and returns the client, which starts with the
        access token of the exchange. Check the ``state`` that came back before calling this.

        A code is single use, so this request is never retried (the service would take a second try
        for a stolen code and refuse every token issued from it). The exchange's refusals are an
        OAuthError (``invalid_grant``: wrong verifier, redirect URI or client, or an expired or used
        code); an exception of ``on_refresh_token`` propagates, and no client is returned."""
        base = checked_base_url(base_url)
        client = checked_credential(client_id, "client_id")
        secret = checked_credential(client_secret, "client_secret")
        callback = _checked_callback(on_refresh_token)
        form = {
            "grant_type": "authorization_code",
            "code": checked_credential(code, "code"),
            "redirect_uri": _checked_redirect_uri(redirect_uri),
            "code_verifier": checked_credential(code_verifier, "code_verifier"),
        }
        transport = Transport(base_url=base, timeout=timeout, max_retries=max_retries)
        request = Request("POST", TOKEN_PATH, form=form, headers=basic_auth(client, secret), retryable=False)
        started = time.monotonic()
        response = transport.send(request)
        body, (access_token, lifetime) = token_answer(response, request)
        refresh_token = _refresh_token_of(body)
        if refresh_token is None:
            raise oauth_error(response)
        callback(refresh_token)
        installed = cls(
            base_url=base,
            client_id=client,
            client_secret=secret,
            refresh_token=refresh_token,
            on_refresh_token=callback,
            timeout=timeout,
            max_retries=max_retries,
        )
        installed._tokens.seed(access_token, lifetime, started)
        return installed

    @staticmethod
    def authorize_url(
        base_url: str,
        client_id: str,
        redirect_uri: str,
        scope: Union[str, Sequence[str], None] = None,
        state: Optional[str] = None,
    ) -> AuthorizationRequest:
        """Where to send a merchant to install the app: the authorization request (``response_type=code``,
        PKCE ``S256`` with a fresh ``code_verifier``) and the ``state`` that must come back (generated when
        none is given). ``scope`` absent asks for all the app's registered scopes. Makes no request."""
        base = checked_base_url(base_url)
        client = checked_credential(client_id, "client_id")
        redirect = _checked_redirect_uri(redirect_uri)
        scopes = scope_text(scope)
        if state is None:
            state = secrets.token_urlsafe(32)
        else:
            state = checked_text(state, "state")
        # 64 random bytes → 86 characters of [A-Za-z0-9_-], within RFC 7636's 43–128.
        verifier = secrets.token_urlsafe(64)
        params = [("response_type", "code"), ("client_id", client), ("redirect_uri", redirect)]
        if scopes:
            params.append(("scope", scopes))
        params += [
            ("state", state),
            ("code_challenge", code_challenge(verifier)),
            ("code_challenge_method", "S256"),
        ]
        query = urllib.parse.urlencode(params, quote_via=urllib.parse.quote)
        return AuthorizationRequest(f"{base}{AUTHORIZE_PATH}?{query}", verifier, state)
