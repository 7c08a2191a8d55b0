"""HTTP for every client, on urllib from the standard library.

A timeout per attempt; retries with exponential backoff and jitter for 429, 502–504, timeouts and
connection errors — only for requests marked retryable (a GET, the token request, or a POST or
mutation that carries an Idempotency-Key); ``Retry-After`` honoured, but never past the caller's
deadline. Answers come back as they are, except a 429 it stops retrying (RateLimitError) and an
answer that is not JSON (ApiError ``non_json_response``); turning other error statuses into
exceptions is the caller's job, since REST, OAuth and GraphQL say it differently.
"""

from __future__ import annotations

import email.utils
import http.client
import json
import math
import platform
import random
import re
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import timezone
from decimal import Decimal
from typing import Any, Dict, Mapping, Optional, Tuple, cast

from ._errors import (
    APIConnectionError,
    APITimeoutError,
    ApiError,
    OAuthError,
    RateLimitError,
    StepUpRequiredError,
)
from ._version import __version__

RETRY_STATUSES = frozenset({429, 502, 503, 504})
BASE_BACKOFF = 0.5
MAX_BACKOFF = 8.0
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_RETRIES = 2

USER_AGENT = f"storefront-sdk-python/{__version__} python/{platform.python_version()}"

_DIGITS = re.compile(r"[0-9]+")
_HTTP_DATE = re.compile(r"[A-Za-z]{3},")
_JSON_TYPE = re.compile(r"\bjson\b", re.IGNORECASE)


def checked_base_url(value: object) -> str:
    """An absolute http(s) URL without credentials, query or fragment; trailing slashes removed."""
    if not isinstance(value, str) or not value:
        raise ValueError("base_url is required, e.g. https://api.example.com")
    if value != value.strip() or any(ord(c) < 33 or c == "\x7f" for c in value):
        raise ValueError("base_url must not contain spaces or control characters")
    parts = urllib.parse.urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("base_url must be an absolute http(s) URL, e.g. https://api.example.com")
    if parts.username is not None or parts.password is not None:
        raise ValueError("base_url must not carry credentials (user:password@)")
    if parts.query or parts.fragment or value.endswith(("?", "#")):
        raise ValueError("base_url must not have a query or fragment")
    try:
        parts.port  # noqa: B018 — raises for a port that is not a number in range
    except ValueError:
        raise ValueError("base_url has an invalid port") from None
    if not parts.hostname:
        raise ValueError("base_url must name a host")
    return value.rstrip("/")


def checked_timeout(value: object, name: str = "timeout") -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive, finite number of seconds")
    return float(value)


def checked_max_retries(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("max_retries must be an int")
    if value < 0:
        raise ValueError("max_retries must be 0 or more")
    return value


def checked_text(value: object, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} is required")
    return value


def checked_credential(value: object, name: str) -> str:
    """A client id, secret or token: it goes into a header, so no whitespace or control character — and
    the error never repeats the value (urllib's own would, with the whole header)."""
    text = checked_text(value, name)
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in text):
        raise ValueError(f"{name} must not contain spaces or control characters (a newline read from a file?)")
    return text


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` in seconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). ``None`` when
    absent or unreadable, which means "use the backoff"."""
    if value is None:
        return None
    text = value.strip()
    if _DIGITS.fullmatch(text):
        return float(int(text))
    if _HTTP_DATE.match(text):
        try:
            at = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
        if at.tzinfo is None:
            at = at.replace(tzinfo=timezone.utc)
        return max(0.0, at.timestamp() - (time.time() if now is None else now))
    return None


@dataclass
class Request:
    method: str
    path: str
    json: Any = None
    form: Optional[Mapping[str, str]] = None
    headers: Mapping[str, str] = field(default_factory=dict)
    token: Optional[str] = field(default=None, repr=False)
    #: May this request be sent again when the answer is lost or says "try later"?
    retryable: bool = False
    #: This call's own timeout (seconds), instead of the client's.
    timeout: Optional[float] = None

    def __repr__(self) -> str:  # never the token, the body or the headers (Basic credentials)
        return f"Request({self.method} {path_only(self.path)})"


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    #: The parsed JSON, or None for an empty answer.
    body: Any
    request_id: Optional[str]
    #: Set when the answer had a body that is not JSON (its content type): an error once no retry follows.
    not_json: Optional[str] = None


def _no_redirects() -> urllib.request.OpenerDirector:
    """An opener that follows no redirect (a redirect would carry the Authorization header to wherever
    it points) and raises nothing for an error status (the status is the answer)."""
    opener = urllib.request.OpenerDirector()
    for handler in (
        urllib.request.ProxyHandler(),  # HTTP(S)_PROXY and NO_PROXY from the environment, as urllib does
        urllib.request.HTTPHandler(),
        urllib.request.HTTPSHandler(context=ssl.create_default_context()),
    ):
        opener.add_handler(handler)
    opener.addheaders = []
    return opener


class Transport:
    def __init__(self, *, base_url: str, timeout: float, max_retries: int) -> None:
        self.base_url = checked_base_url(base_url)
        self.timeout = checked_timeout(timeout)
        self.max_retries = checked_max_retries(max_retries)
        self._opener = _no_redirects()

    def send(self, request: Request) -> Response:
        timeout = self.timeout if request.timeout is None else checked_timeout(request.timeout)
        deadline = time.monotonic() + timeout
        attempt = 0
        while True:
            can_retry = request.retryable and attempt < self.max_retries
            try:
                response = self._once(request, timeout)
            except (APIConnectionError, APITimeoutError):
                if not can_retry:
                    raise
                time.sleep(self.backoff(attempt))
                attempt += 1
                continue
            if response.status in RETRY_STATUSES:
                asked = parse_retry_after(response.headers.get("retry-after"))
                wait = self.backoff(attempt) if asked is None else asked
                # A server-asked wait that ends past the caller's deadline is not waited for: the
                # caller hears now.
                fits = asked is None or time.monotonic() + asked <= deadline
                if fits and can_retry:
                    time.sleep(wait)
                    attempt += 1
                    continue
                if response.status == 429:
                    raise rate_limit_error(response)
            if response.not_json is not None:
                raise non_json(response.status, response.not_json, request, response.request_id)
            return response

    @staticmethod
    def backoff(attempt: int) -> float:
        """0.5 s, 1 s, 2 s, … (capped at 8 s), each with jitter: between half and all of it."""
        base = min(MAX_BACKOFF, BASE_BACKOFF * 2**attempt)
        return random.uniform(base / 2, base)

    def _once(self, request: Request, timeout: float) -> Response:
        headers: Dict[str, str] = {"Accept": "application/json", "User-Agent": USER_AGENT}
        headers.update(request.headers)
        data: Optional[bytes] = None
        if request.json is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(
                request.json, separators=(",", ":"), ensure_ascii=False, default=_json_default
            ).encode("utf-8")
        elif request.form is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            data = urllib.parse.urlencode(request.form).encode("ascii")
        if request.token:
            headers["Authorization"] = f"Bearer {request.token}"
        outgoing = urllib.request.Request(
            self.base_url + request.path, data=data, headers=headers, method=request.method
        )
        deadline = time.monotonic() + timeout
        what = f"{request.method} {path_only(request.path)}"
        try:
            with self._opener.open(outgoing, timeout=timeout) as answer:
                status = answer.status
                answer_headers = answer.headers
                chunks = []
                while True:
                    if time.monotonic() > deadline:
                        raise socket.timeout("timed out")
                    chunk = answer.read1(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                raw = b"".join(chunks)
        except urllib.error.URLError as error:
            if isinstance(error.reason, (socket.timeout, TimeoutError)):
                raise APITimeoutError(f"No answer within {timeout:g} s ({what}).") from None
            raise self._connection_error(error.reason, what) from _without_request(error)
        except (socket.timeout, TimeoutError):
            raise APITimeoutError(f"No answer within {timeout:g} s ({what}).") from None
        except (OSError, http.client.HTTPException) as error:
            raise self._connection_error(error, what) from _without_request(error)
        request_id = answer_headers.get("x-request-id")
        content_type = answer_headers.get("content-type") or ""
        body: Any = None
        not_json: Optional[str] = None
        if raw:
            if _JSON_TYPE.search(content_type):
                try:
                    body = json.loads(raw)
                except (ValueError, RecursionError):
                    not_json = content_type
            else:
                not_json = content_type
        return Response(
            status=status, headers=answer_headers, body=body, request_id=request_id, not_json=not_json
        )

    def _connection_error(self, reason: object, what: str) -> APIConnectionError:
        # Only the reason's type and message: never the request (its headers hold credentials).
        text = str(reason) or type(reason).__name__
        if isinstance(reason, BaseException) and type(reason).__name__ not in text:
            text = f"{type(reason).__name__}: {text}"
        return APIConnectionError(f"Could not reach {self.base_url} ({what}): {text}")


def _json_default(value: object) -> str:
    """Decimals (money) are sent as the decimal strings the API takes."""
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _without_request(error: BaseException) -> Optional[BaseException]:
    """The cause to chain: a network error carries no request, so it is kept as it is."""
    reason = getattr(error, "reason", None)
    return reason if isinstance(reason, BaseException) else error


def path_only(path: str) -> str:
    return path.split("?", 1)[0]


def non_json(status: int, content_type: str, request: Request, request_id: Optional[str]) -> ApiError:
    detail = (
        f"{request.method} {path_only(request.path)} answered HTTP {status} with "
        f"{content_type or 'no content type'}, not JSON: is base_url the API's address?"
    )
    return ApiError(
        detail,
        status=status,
        code="non_json_response",
        problem={"status": status, "title": "The answer is not JSON", "detail": detail},
        request_id=request_id,
    )


def rate_limit_error(response: Response) -> RateLimitError:
    """The error for a 429 the SDK stops retrying, whatever the endpoint (REST, OAuth or GraphQL)."""
    body: Dict[str, Any] = response.body if isinstance(response.body, dict) else {}
    errors = body.get("errors")
    first_code = None
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        first_code = (errors[0].get("extensions") or {}).get("code")
    code = body.get("code") or body.get("error") or first_code or "rate_limited"
    problem = (
        body
        if body.get("status") or body.get("detail") or body.get("title")
        else {**body, "status": 429, "detail": "Too many requests."}
    )
    seconds = parse_retry_after(response.headers.get("retry-after"))
    return RateLimitError(
        str(problem.get("detail") or problem.get("title") or "Too many requests."),
        status=429,
        code=str(code),
        problem=problem,
        request_id=response.request_id,
        retry_after=None if seconds is None else math.ceil(seconds),
    )


def graphql_rate_limited(body: Any) -> Optional[Tuple[Optional[float]]]:
    """For a GraphQL answer refused as a whole by the storefront's write limit (HTTP 200, no data,
    every error ``RATE_LIMITED``): ``(retryAfter,)`` in seconds, or ``(None,)`` when it gave none. None
    for any other answer."""
    if not isinstance(body, dict) or body.get("data") is not None:
        return None
    errors = body.get("errors")
    if not isinstance(errors, list) or not errors:
        return None
    extensions = [e.get("extensions") if isinstance(e, dict) else None for e in errors]
    if not all(isinstance(x, dict) and x.get("code") == "RATE_LIMITED" for x in extensions):
        return None
    seconds = cast(Dict[str, Any], extensions[0]).get("retryAfter")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
        return (None,)
    return (max(0.0, float(seconds)),)


def graphql_rate_limit_error(response: Response, retry_after: Optional[float]) -> RateLimitError:
    """The RateLimitError for a GraphQL answer refused by ``RATE_LIMITED``: the same error a 429 gives,
    from the ``retryAfter`` of its extensions."""
    body: Dict[str, Any] = response.body if isinstance(response.body, dict) else {}
    errors = body.get("errors") or []
    first = errors[0] if errors and isinstance(errors[0], dict) else {}
    detail = str(first.get("message") or "Too many requests.")
    return RateLimitError(
        detail,
        status=response.status,
        code="RATE_LIMITED",
        problem={**body, "status": 429, "detail": detail},
        request_id=response.request_id,
        retry_after=None if retry_after is None else math.ceil(retry_after),
    )


def api_error(response: Response) -> ApiError:
    """The error for a REST answer with an error status (problem+json)."""
    if response.status == 429:
        return rate_limit_error(response)
    problem: Dict[str, Any] = (
        response.body
        if isinstance(response.body, dict)
        else {"status": response.status, "detail": f"HTTP {response.status}"}
    )
    code = problem.get("code") or f"http_{response.status}"
    message = problem.get("detail") or problem.get("title") or f"HTTP {response.status}"
    if code == "step_up_required":
        max_age = problem.get("maxAge")
        return StepUpRequiredError(
            str(message),
            status=response.status,
            code=str(code),
            problem=problem,
            request_id=response.request_id,
            max_age=max_age if isinstance(max_age, int) and not isinstance(max_age, bool) else 600,
        )
    return ApiError(
        str(message), status=response.status, code=str(code), problem=problem, request_id=response.request_id
    )


def json_object(response: Response, request: Request) -> Dict[str, Any]:
    """A success answer's JSON object; anything else (empty, a list, a string) is an ApiError."""
    if not isinstance(response.body, dict):
        raise non_json(
            response.status, response.headers.get("content-type") or "", request, response.request_id
        )
    return response.body


def oauth_error(response: Response) -> OAuthError:
    """The error for an answer of the OAuth endpoints (RFC 6749 §5.2)."""
    body: Dict[str, Any] = response.body if isinstance(response.body, dict) else {}
    description = body.get("error_description")
    return OAuthError(
        status=response.status,
        error=str(body.get("error") or f"http_{response.status}"),
        error_description=None if description is None else str(description),
        request_id=response.request_id,
    )
