"""What the tests share: the running server they were given, an account on it, and small real HTTP
servers on loopback — a recording proxy in front of the server (it can answer a request itself, hang,
or lose an answer, for what the server cannot be made to do on demand), a stub server, and a webhook
receiver.

The server is started by test/sdk-python/python-sdk.e2e-spec.ts (``npm test -- test/sdk-python``),
which passes its address and the fixtures it made in the environment:

  SF_BASE_URL         the server, e.g. http://127.0.0.1:40123
  SF_ACCOUNT_TOKEN    an access token of the account that owns the store
  SF_STORE_ID         a store of that account
  SF_CLIENT_ID        an app of that store (every scope)
  SF_CLIENT_SECRET
  SF_PUBLIC_TOKEN     a public token of that store
  SF_APP_TOKEN_TTL    the server's APP_TOKEN_TTL (seconds)
  SF_WEBHOOK_VECTORS  a JSON file of deliveries signed by the `standardwebhooks` npm package

Without SF_BASE_URL the tests that need the server are skipped (the jest spec fails on any skip).
"""

from __future__ import annotations

import http.client
import http.server
import json
import os
import socket
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from storefront_platform import AppClient, StorefrontClient

TOKEN = "/v1/auth/oauth/token"
REVOKE = "/v1/auth/oauth/revoke"
STORE = "/v1/app/store"
GRAPHQL = "/v1/storefront/graphql"
UUID_PATTERN = r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"


def env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise unittest.SkipTest(f"{name} is not set: these tests run against the server (npm test -- test/sdk-python)")
    return value


def app_token_ttl() -> float:
    return float(env("SF_APP_TOKEN_TTL"))


# ── Raw HTTP (not the SDK): the account's own calls, and checks beside the SDK ─────────────────────


def raw(
    method: str,
    url: str,
    body: Any = None,
    *,
    token: Optional[str] = None,
    headers: Optional[Dict[str, str]] = None,
) -> Tuple[int, Any, Dict[str, str]]:
    """One request with urllib: (status, parsed JSON body or text, headers lower-cased)."""
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    if token:
        sent["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=sent, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, text, answer_headers = answer.status, answer.read(), answer.headers
    except urllib.error.HTTPError as error:
        status, text, answer_headers = error.code, error.read(), error.headers
    parsed: Any = text.decode("utf-8", "replace")
    if "json" in (answer_headers.get("content-type") or "") and text:
        parsed = json.loads(text)
    return status, parsed, {k.lower(): v for k, v in answer_headers.items()}


class Account:
    """The account that owns the test store: makes more stores, apps, public tokens and webhooks."""

    def __init__(self) -> None:
        self.base_url = env("SF_BASE_URL")
        self.token = env("SF_ACCOUNT_TOKEN")

    def call(self, method: str, path: str, body: Any = None, expect: int = 200) -> Any:
        status, answer, _ = raw(method, self.base_url + path, body, token=self.token)
        if status != expect:
            raise AssertionError(f"{method} {path}: expected {expect}, got {status} {answer}")
        return answer

    def create_store(self, name: str = "Python shop") -> str:
        store = self.call(
            "POST", "/v1/user/stores/onboarding/stage1", {"name": name, "description": "Things"}, expect=201
        )
        return str(store["id"])

    def create_app(self, store_id: str, scopes: Optional[List[str]] = None) -> Dict[str, Any]:
        body: Dict[str, Any] = {"storeId": store_id, "name": f"py-{uuid.uuid4().hex[:8]}"}
        if scopes is not None:
            body["scopes"] = scopes
        return dict(self.call("POST", "/v1/user/stores/oauth/apps", body, expect=201))

    def rotate_app_secret(self, app_id: str) -> Dict[str, Any]:
        return dict(self.call("POST", f"/v1/user/stores/oauth/apps/{app_id}/rotate-secret"))

    def create_public_token(self, store_id: str, scopes: Optional[List[str]] = None) -> str:
        body: Dict[str, Any] = {"name": f"web-{uuid.uuid4().hex[:8]}"}
        if scopes is not None:
            body["scopes"] = scopes
        return str(self.call("POST", f"/v1/user/stores/{store_id}/public-tokens", body, expect=201)["token"])

    def create_webhook(self, store_id: str, url: str, events: List[str]) -> Dict[str, Any]:
        return dict(
            self.call("POST", f"/v1/user/stores/{store_id}/webhooks", {"url": url, "events": events}, expect=201)
        )

    def rotate_webhook_secret(self, store_id: str, webhook_id: str) -> str:
        return str(self.call("POST", f"/v1/user/stores/{store_id}/webhooks/{webhook_id}/rotate-secret")["secret"])

    def register_app(self, redirect_uris: List[str], scopes: List[str]) -> Dict[str, Any]:
        """An installable app (§13) of this account, as a developer registers it."""
        body = {"name": f"py-installed-{uuid.uuid4().hex[:8]}", "redirectUris": redirect_uris, "scopes": scopes}
        return dict(self.call("POST", "/v1/user/apps", body, expect=201))

    def consent(self, consent_page: str, store_id: str, decision: str = "allow") -> str:
        """What the console's consent page does when this account chooses Install (or Cancel) for a
        store: the query of the page it was sent to, turned into POST /v1/user/oauth/consent. The
        ``redirectTo`` it answers (where the browser goes next)."""
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(consent_page).query, keep_blank_values=True))
        # The page shows the consent view; Install posts exactly the scopes it showed.
        shown_for = {name: query[name] for name in ("client_id", "redirect_uri", "scope") if name in query}
        shown = self.call("GET", "/v1/user/oauth/consent?" + urllib.parse.urlencode(shown_for))
        body = {
            "clientId": query["client_id"],
            "redirectUri": query["redirect_uri"],
            "scope": " ".join(str(s["scope"]) for s in shown["scopes"]),
            "state": query["state"],
            "codeChallenge": query["code_challenge"],
            "codeChallengeMethod": query["code_challenge_method"],
            "storeId": store_id,
            "decision": decision,
        }
        return str(self.call("POST", "/v1/user/oauth/consent", body)["redirectTo"])


def redirect_of(url: str) -> Tuple[int, str]:
    """GET ``url`` as a browser would, without following the redirect: (status, absolute Location)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        connection.request("GET", urllib.parse.urlunsplit(("", "", parts.path, parts.query, "")))
        answer = connection.getresponse()
        answer.read()
        return answer.status, urllib.parse.urljoin(url, answer.getheader("location") or "")
    finally:
        connection.close()


def query_of(url: str) -> Dict[str, str]:
    """A URL's query parameters (each must appear once)."""
    pairs = urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query, keep_blank_values=True)
    values = dict(pairs)
    if len(values) != len(pairs):
        raise AssertionError(f"a repeated parameter in {url}")
    return values


@dataclass
class Shop:
    """A store of the account with an app (every scope unless told) and its credentials."""

    store_id: str
    app: Dict[str, Any]

    @property
    def client_id(self) -> str:
        return str(self.app["clientId"])

    @property
    def client_secret(self) -> str:
        return str(self.app["clientSecret"])

    def client(self, base_url: Optional[str] = None, **options: Any) -> AppClient:
        return AppClient(
            base_url=base_url or env("SF_BASE_URL"),
            client_id=self.client_id,
            client_secret=self.client_secret,
            **options,
        )


def given_shop() -> Shop:
    """The store and app the jest spec made."""
    return Shop(
        env("SF_STORE_ID"),
        {"clientId": env("SF_CLIENT_ID"), "clientSecret": env("SF_CLIENT_SECRET")},
    )


def new_app(store_id: Optional[str] = None, scopes: Optional[List[str]] = None) -> Shop:
    """A new app (every scope unless told) of the given store, or of the jest spec's store."""
    store = store_id or env("SF_STORE_ID")
    return Shop(store, Account().create_app(store, scopes))


def new_shop(name: str = "Python shop", scopes: Optional[List[str]] = None) -> Shop:
    """A new, empty store with a new app."""
    account = Account()
    store_id = account.create_store(name)
    return Shop(store_id, account.create_app(store_id, scopes))


def storefront(public_token: Optional[str] = None, base_url: Optional[str] = None, **options: Any) -> StorefrontClient:
    return StorefrontClient(
        base_url=base_url or env("SF_BASE_URL"), public_token=public_token or env("SF_PUBLIC_TOKEN"), **options
    )


def cart_token(store_id: Optional[str] = None) -> str:
    """A new public token of the store (the jest spec's unless told) that may keep carts and check out."""
    return Account().create_public_token(store_id or env("SF_STORE_ID"), ["store:read", "products:read", "cart:write"])


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


# ── A recording proxy (and stub server) on loopback ─────────────────────────────────────────────────


class _Server(http.server.ThreadingHTTPServer):
    # socketserver's default backlog is 5: fifty threads connecting at once would see most SYNs
    # dropped and retried a second later, spreading a burst over seconds.
    request_queue_size = 256
    daemon_threads = True


@dataclass
class Answer:
    """A canned answer the proxy gives instead of the server's."""

    status: int
    body: Union[bytes, str, Dict[str, Any], List[Any], None] = None
    headers: Dict[str, str] = field(default_factory=dict)

    def encoded(self) -> Tuple[bytes, Dict[str, str]]:
        headers = dict(self.headers)
        if isinstance(self.body, (dict, list)):
            headers.setdefault("Content-Type", "application/json")
            return json.dumps(self.body).encode(), headers
        if isinstance(self.body, str):
            return self.body.encode(), headers
        return self.body or b"", headers


#: Never answer (until the proxy stops): an attempt that times out.
HANG = "hang"
#: Pass the request on to the server (which processes it) and never deliver its answer.
LOSE_ANSWER = "lose-answer"
#: Close the connection without passing the request on.
DROP = "drop"

Action = Union[Answer, str, None]


def problem(status: int, **headers: str) -> Answer:
    code = "rate_limited" if status == 429 else "unavailable"
    return Answer(
        status,
        {"status": status, "code": code, "title": "Try later", "detail": "Try later."},
        {"Content-Type": "application/problem+json", **headers},
    )


@dataclass
class Call:
    method: str
    path: str
    headers: Dict[str, str]
    body: bytes
    at: float
    status: Optional[int] = None
    answered_at: float = 0.0
    answer_headers: Dict[str, str] = field(default_factory=dict)
    answer_body: bytes = b""

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None

    def answer_json(self) -> Any:
        return json.loads(self.answer_body) if self.answer_body else None


class RecordingProxy:
    """An HTTP server on loopback that records every request and passes it on to ``upstream`` (the
    real server) — unless ``inject(call, n)`` says otherwise: an Answer of its own, HANG, LOSE_ANSWER
    or DROP. Without an upstream it is a stub: ``inject`` must answer everything."""

    def __init__(
        self,
        upstream: Optional[str],
        inject: Optional[Callable[[Call, int], Action]] = None,
    ) -> None:
        self.upstream = urllib.parse.urlsplit(upstream) if upstream else None
        self.inject = inject
        self.calls: List[Call] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def handle_one(self) -> None:
                proxy._handle(self)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_one

        self._server = _Server(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def on(self, path: str) -> List[Call]:
        with self._lock:
            return [c for c in self.calls if c.path.split("?")[0] == path]

    def count(self, path: str) -> int:
        return len(self.on(path))

    def timeline(self) -> str:
        """Every call so far, for a failure message: when (s from the first), what, and the answer."""
        with self._lock:
            start = self.calls[0].at if self.calls else 0.0
            return "\n".join(
                f"{c.at - start:7.3f}s {c.method} {c.path} -> {c.status} (answered {c.answered_at - start:7.3f}s)"
                if c.answered_at
                else f"{c.at - start:7.3f}s {c.method} {c.path} -> {c.status}"
                for c in self.calls
            )

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "RecordingProxy":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _handle(self, handler: http.server.BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("content-length") or 0)
        body = handler.rfile.read(length) if length else b""
        call = Call(
            handler.command,
            handler.path,
            {k.lower(): v for k, v in handler.headers.items()},
            body,
            time.monotonic(),
        )
        with self._lock:
            n = len(self.calls)
            self.calls.append(call)
        action = self.inject(call, n) if self.inject else None
        if action == HANG:
            self._stopping.wait(60)
            return
        if action == DROP:
            handler.close_connection = True
            return
        if isinstance(action, Answer):
            payload, headers = action.encoded()
            call.status, call.answer_headers, call.answer_body = action.status, headers, payload
            call.answered_at = time.monotonic()
            self._reply(handler, action.status, headers, payload)
            return
        if self.upstream is None:
            self._reply(handler, 502, {"Content-Type": "text/plain"}, b"stub: no answer for this request")
            return
        status, headers, payload = self._forward(call)
        call.status, call.answer_headers, call.answer_body = status, headers, payload
        call.answered_at = time.monotonic()
        if action == LOSE_ANSWER:
            handler.close_connection = True
            return
        self._reply(handler, status, headers, payload)

    def _forward(self, call: Call) -> Tuple[int, Dict[str, str], bytes]:
        assert self.upstream is not None
        connection = http.client.HTTPConnection(self.upstream.hostname or "127.0.0.1", self.upstream.port, timeout=60)
        try:
            skip = {"host", "connection", "keep-alive", "proxy-connection", "transfer-encoding"}
            headers = {k: v for k, v in call.headers.items() if k not in skip}
            connection.request(call.method, call.path, body=call.body or None, headers=headers)
            answer = connection.getresponse()
            payload = answer.read()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, payload
        finally:
            connection.close()

    @staticmethod
    def _reply(handler: http.server.BaseHTTPRequestHandler, status: int, headers: Dict[str, str], payload: bytes) -> None:
        handler.send_response(status)
        skip = {"transfer-encoding", "connection", "content-length", "date", "server", "keep-alive"}
        for key, value in headers.items():
            if key.lower() not in skip:
                handler.send_header(key, value)
        handler.send_header("Content-Length", str(len(payload)))
        handler.send_header("Connection", "close")
        handler.end_headers()
        handler.wfile.write(payload)


def closed_port() -> int:
    """A loopback port nobody listens on (bound, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ── A webhook receiver ──────────────────────────────────────────────────────────────────────────────


@dataclass
class Delivery:
    headers: Dict[str, str]
    raw_headers: http.client.HTTPMessage
    body: bytes


class WebhookReceiver:
    """A real endpoint on loopback: keeps every delivery (headers, raw body) and answers 204."""

    def __init__(self) -> None:
        self.deliveries: List[Delivery] = []
        self._changed = threading.Condition()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                with receiver._changed:
                    receiver.deliveries.append(
                        Delivery({k.lower(): v for k, v in self.headers.items()}, self.headers, body)
                    )
                    receiver._changed.notify_all()
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self._server = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/hooks/storefront"

    def wait_for(self, predicate: Callable[[List[Delivery]], bool], timeout: float = 20.0) -> List[Delivery]:
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self.deliveries):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"webhook receiver: condition not met within {timeout} s ({len(self.deliveries)} received)")
                self._changed.wait(left)
            return list(self.deliveries)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def run_threads(count: int, task: Callable[[int], Any]) -> List[Any]:
    """Runs ``task(i)`` on ``count`` threads released at the same moment; results (or exceptions) in order."""
    barrier = threading.Barrier(count)
    results: List[Any] = [None] * count

    def worker(i: int) -> None:
        barrier.wait()
        try:
            results[i] = task(i)
        except Exception as error:  # noqa: BLE001 — returned to the test
            results[i] = error

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results
