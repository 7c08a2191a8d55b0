"""Apps that many stores install (OAuth authorization code with PKCE)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import urllib.parse
from typing import NamedTuple, Optional, Sequence, Union

from ._app_client import scope_text
from ._transport import checked_base_url, checked_credential, checked_text

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


class InstalledAppClient:
    """An installable app (§13 of the API): any store's owner installs it through the consent page;
    the app then acts for that store with the scopes granted.

    This version has the first step, ``authorize_url()``. The code exchange and the client that renews
    its access token with the refresh token come with the service's installed-app endpoints.
    """

    @staticmethod
    def authorize_url(
        *,
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
