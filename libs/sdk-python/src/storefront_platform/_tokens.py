"""An access token kept for a client: fetched once however many threads ask (single flight), renewed
once half its lifetime has passed, and kept through a failed renewal while it is still valid.

The fetch itself is given by the client (client credentials for AppClient; the refresh-token grant
for an installed app), so every client that acts with an access token shares these rules.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, Tuple

from ._errors import APITimeoutError, StorefrontError

#: After a refused token request, callers within this window get the same error instead of a new request.
FAILED_TOKEN_HOLD = 1.0
#: A token this close to its expiry is not sent any more (clock skew, time in flight).
EXPIRY_MARGIN = 1.0

#: What a client's token fetch returns: the access token and its lifetime in seconds.
TokenAnswer = Tuple[str, float]


@dataclass
class _Cached:
    token: str = field(repr=False)
    #: Renew from here on (monotonic seconds): half the lifetime, so at most one token per half lifetime.
    renew_at: float
    expires_at: float


@dataclass
class _Flight:
    """One token request, awaited by every caller that needs it."""

    done: threading.Event = field(default_factory=threading.Event)
    token: Optional[str] = field(default=None, repr=False)
    error: Optional[BaseException] = None


@dataclass
class _Failure:
    error: BaseException
    until: float


class TokenCache:
    def __init__(self, fetch: Callable[[], TokenAnswer]) -> None:
        self._fetch = fetch
        self._lock = threading.Lock()
        self._cached: Optional[_Cached] = None
        self._flight: Optional[_Flight] = None
        self._failure: Optional[_Failure] = None

    def __repr__(self) -> str:
        return "<TokenCache>"

    def _valid(self, now: float) -> Optional[_Cached]:
        cached = self._cached
        return cached if cached is not None and now < cached.expires_at - EXPIRY_MARGIN else None

    def get(self, timeout: Optional[float] = None) -> str:
        """The current token. A caller that has no valid token to use waits for the one token request
        under way (at most ``timeout`` seconds, when given: its wait ends, never the shared request)."""
        with self._lock:
            now = time.monotonic()
            cached = self._cached
            if cached is not None and now < cached.renew_at:
                return cached.token
            valid = self._valid(now)
            # A renewal that just failed is not tried again for a second; meanwhile a valid token serves.
            if self._failure is not None and now < self._failure.until:
                if valid is not None:
                    return valid.token
                raise self._failure.error
            flight = self._flight
            if flight is None:
                flight = self._flight = _Flight()
                # The request runs on its own thread: no caller's timeout ends it, and while a valid
                # token exists nobody waits for its successor.
                threading.Thread(target=self._run, args=(flight,), name="storefront-token", daemon=True).start()
            if valid is not None:
                return valid.token
        if not flight.done.wait(timeout):
            raise APITimeoutError(f"No access token within {timeout:g} s.")
        if flight.error is not None:
            raise flight.error
        assert flight.token is not None
        return flight.token

    def _run(self, flight: _Flight) -> None:
        started = time.monotonic()
        try:
            token, lifetime = self._fetch()
            lifetime = max(1.0, float(lifetime))
        except BaseException as error:  # noqa: BLE001 — handed to every waiter, never lost in this thread
            with self._lock:
                # The current token stays as long as it is valid: a failed renewal takes nothing away.
                if self._valid(time.monotonic()) is None:
                    self._cached = None
                self._failure = _Failure(error, time.monotonic() + FAILED_TOKEN_HOLD)
                self._flight = None
                flight.error = error if isinstance(error, Exception) else StorefrontError("token request interrupted")
            flight.done.set()
            return
        with self._lock:
            self._failure = None
            self._cached = _Cached(token, renew_at=started + lifetime / 2, expires_at=started + lifetime)
            self._flight = None
            flight.token = token
        flight.done.set()

    def seed(self, token: str, lifetime: float, started: float) -> None:
        """Keeps a token the client was handed rather than fetched (the code exchange's): issued at
        ``started`` (monotonic seconds, taken before its request was sent) for ``lifetime`` seconds."""
        lifetime = max(1.0, float(lifetime))
        with self._lock:
            self._cached = _Cached(token, renew_at=started + lifetime / 2, expires_at=started + lifetime)

    def invalidate(self, token: str) -> None:
        """Drops the cached token if it is still the one the server refused (a newer one may be there
        already). A failure held from the last token request stays held (for at most a second): after
        a refusal such as ``invalid_client`` — a rotated secret kills the current token too — the
        callers answered 401 hear that refusal rather than each asking again."""
        with self._lock:
            if self._cached is not None and self._cached.token == token:
                self._cached = None

    def take(self) -> Optional[str]:
        """Forgets the current token and returns it (for revocation); the next call fetches a new one."""
        with self._lock:
            cached, self._cached = self._cached, None
            self._failure = None
            return cached.token if cached is not None else None
