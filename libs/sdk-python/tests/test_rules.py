"""The rules a careful user relies on: secrets and tokens out of every repr() and message, the
exception classes, User-Agent, base_url validation, non-JSON answers, keyword-only arguments."""

from __future__ import annotations

import base64
import inspect
import pickle
import platform
import pprint
import re
import traceback
import unittest
from typing import Any, List

import storefront_platform
from storefront_platform import (
    APIConnectionError,
    APITimeoutError,
    ApiError,
    AppClient,
    CartCompletedError,
    GraphQLError,
    InstalledAppClient,
    OAuthError,
    OutOfStockError,
    PriceChangedError,
    RateLimitError,
    StorefrontClient,
    StorefrontError,
    WebhookVerificationError,
    __version__,
)

from support import (
    HANG,
    Account,
    Answer,
    RecordingProxy,
    closed_port,
    env,
    new_app,
    storefront,
)


def shown(values: List[Any]) -> str:
    """Everything a log line or a debugger could show of these objects."""
    parts = []
    for value in values:
        parts += [repr(value), str(value), pprint.pformat(value)]
        if hasattr(value, "__dict__"):
            parts.append(pprint.pformat(vars(value)))
        if isinstance(value, BaseException):
            parts.append("".join(traceback.format_exception(type(value), value, value.__traceback__)))
            parts.append(repr(value.args))
    return "\n".join(parts)


class SecretsTests(unittest.TestCase):
    def test_no_secret_or_token_in_any_repr_str_vars_or_error(self) -> None:
        shop = new_app()
        client = shop.client()
        token = client.get_access_token()
        client.store()
        public = env("SF_PUBLIC_TOKEN")
        shopfront = storefront(public)
        shopfront.store()
        secrets = [shop.client_secret, token, public]
        text = shown([client, client.products, client.orders, shopfront, shopfront.products])
        for secret in secrets:
            self.assertNotIn(secret, text)
        self.assertIn(shop.client_id, repr(client))
        self.assertEqual(repr(client), f"AppClient(base_url={env('SF_BASE_URL')!r}, client_id={shop.client_id!r})")
        with self.assertRaises(TypeError):
            pickle.dumps(client)

        # Errors: a refused token request (rotated secret), a dead port, a hanging server.
        Account().rotate_app_secret(str(shop.app["id"]))
        stale = shop.client()
        dead = shop.client(f"http://127.0.0.1:{closed_port()}", max_retries=0)
        hanging_server = RecordingProxy(None, inject=lambda call, n: HANG)
        self.addCleanup(hanging_server.stop)
        hanging = shop.client(hanging_server.url, max_retries=0, timeout=0.3)
        errors = []
        for c in (stale, dead, hanging):
            try:
                c.store()
            except StorefrontError as error:
                errors.append(error)
        self.assertEqual([type(e) for e in errors], [OAuthError, APIConnectionError, APITimeoutError])
        basic = base64.b64encode(f"{shop.client_id}:{shop.client_secret}".encode()).decode()
        text = shown(errors)
        for secret in [shop.client_secret, basic, token]:
            self.assertNotIn(secret, text)
        # The hanging server did get the credentials, so they were there to leak.
        self.assertIn(f"Basic {basic}", hanging_server.calls[0].headers["authorization"])


class ExceptionTests(unittest.TestCase):
    def test_the_classes_of_the_contract_all_under_storefront_error(self) -> None:
        for cls in (ApiError, RateLimitError, OAuthError, GraphQLError, APITimeoutError, APIConnectionError, WebhookVerificationError):
            self.assertTrue(issubclass(cls, StorefrontError), cls)
        self.assertTrue(issubclass(RateLimitError, ApiError))
        # The refusals of checkout and orders that callers handle one by one are GraphQLErrors.
        for cls in (PriceChangedError, OutOfStockError, CartCompletedError):
            self.assertTrue(issubclass(cls, GraphQLError), cls)
        self.assertTrue(issubclass(APITimeoutError, TimeoutError))
        self.assertTrue(issubclass(APIConnectionError, ConnectionError))
        # Names that do not shadow Python's built-ins.
        self.assertFalse(hasattr(storefront_platform, "TimeoutError"))
        self.assertFalse(hasattr(storefront_platform, "ConnectionError"))

    def test_errors_survive_pickling_for_worker_processes(self) -> None:
        error = RateLimitError("Slow down.", status=429, code="rate_limited", problem={"status": 429}, request_id="r-1", retry_after=3)
        copy = pickle.loads(pickle.dumps(error))
        self.assertEqual((type(copy), copy.retry_after, copy.request_id, str(copy)), (RateLimitError, 3, "r-1", str(error)))
        changed = PriceChangedError(
            errors=[{"message": "The total changed.", "extensions": {"code": "PRICE_CHANGED", "total": {"amount": "20.00", "currencyCode": "EUR"}}}],
            data=None,
            status=200,
            request_id="r-2",
        )
        copy_changed = pickle.loads(pickle.dumps(changed))
        self.assertEqual((type(copy_changed), copy_changed.total, copy_changed.codes), (PriceChangedError, changed.total, ["PRICE_CHANGED"]))

    def test_everything_is_importable_from_the_top_level(self) -> None:
        for name in storefront_platform.__all__:
            self.assertTrue(hasattr(storefront_platform, name), name)
        for name in ("AppClient", "StorefrontClient", "InstalledAppClient", "verify_webhook", "request_id_of"):
            self.assertIn(name, storefront_platform.__all__)


class UserAgentTests(unittest.TestCase):
    def test_every_request_names_the_sdk_and_pythons_version(self) -> None:
        proxy = RecordingProxy(env("SF_BASE_URL"))
        self.addCleanup(proxy.stop)
        client = new_app().client(proxy.url)
        client.store()
        client.products.list(first=1)
        client.revoke()
        storefront(base_url=proxy.url).store()
        expected = f"storefront-sdk-python/{__version__} python/{platform.python_version()}"
        self.assertRegex(expected, r"^storefront-sdk-python/\d+\.\d+\.\d+\S* python/3\.\d+\.\d+")
        self.assertGreaterEqual(len(proxy.calls), 5)
        self.assertEqual({c.headers.get("user-agent") for c in proxy.calls}, {expected})

    def test_the_version_is_the_packages(self) -> None:
        with open(inspect.getfile(storefront_platform).replace("__init__.py", "_version.py"), encoding="utf-8") as source:
            self.assertIn(f'__version__ = "{__version__}"', source.read())
        self.assertRegex(__version__, r"^\d+\.\d+\.\d+$")


class BaseUrlAndAnswerTests(unittest.TestCase):
    def test_a_base_url_that_is_not_an_absolute_http_url_raises_at_construction(self) -> None:
        for bad in ["api.example.com", "/v1", "ftp://api.example.com", "http://user:pw@api.example.com", "", "http://", "https://api.example.com/?x=1", "https://api.example.com/#top", " https://api.example.com", "https://api.example.com:99999", "https://exa mple.com"]:
            with self.assertRaises(ValueError, msg=bad):
                StorefrontClient(base_url=bad, public_token="sfp_x")
            with self.assertRaises(ValueError, msg=bad):
                AppClient(base_url=bad, client_id="a", client_secret="b")
            with self.assertRaises(ValueError, msg=bad):
                InstalledAppClient.authorize_url(base_url=bad, client_id="a", redirect_uri="https://app.example.com/cb")
        self.assertEqual(StorefrontClient(base_url="https://api.example.com/", public_token="sfp_x").base_url, "https://api.example.com")
        self.assertEqual(StorefrontClient(base_url="http://127.0.0.1:3000/api//", public_token="sfp_x").base_url, "http://127.0.0.1:3000/api")
        with self.assertRaises(ValueError):
            AppClient(base_url="https://api.example.com", client_id="", client_secret="b")
        with self.assertRaises(ValueError):
            AppClient(base_url="https://api.example.com", client_id="a", client_secret="b", timeout=0)
        with self.assertRaises(ValueError):
            AppClient(base_url="https://api.example.com", client_id="a", client_secret="b", max_retries=-1)
        with self.assertRaises(ValueError):
            AppClient(base_url="https://api.example.com", client_id="a", client_secret="b", scope=["store:read", "two words"])

    def test_a_credential_with_whitespace_is_refused_without_repeating_it(self) -> None:
        # e.g. a token read from a file with its newline: urllib's own error would quote the whole header.
        for make in (
            lambda: StorefrontClient(base_url="https://api.example.com", public_token="sfp_secret-value\n"),
            lambda: AppClient(base_url="https://api.example.com", client_id="sfc_a", client_secret="sfs_secret-value\r\n"),
            lambda: AppClient(base_url="https://api.example.com", client_id="sfc a", client_secret="sfs_secret-value"),
        ):
            with self.assertRaises(ValueError) as raised:
                make()
            self.assertNotIn("secret-value", str(raised.exception))

    def test_arguments_are_keyword_only_where_the_contract_says(self) -> None:
        with self.assertRaises(TypeError):
            AppClient("https://api.example.com", "a", "b")  # type: ignore[misc]
        with self.assertRaises(TypeError):
            StorefrontClient("https://api.example.com", "sfp_x")  # type: ignore[misc]
        client = AppClient(base_url="https://api.example.com", client_id="a", client_secret="b")
        for method in (client.products.create, client.products.list, client.products.iterate, client.products.get, client.orders.create, client.orders.list, client.orders.iterate, client.store, client.revoke, client.get_access_token, StorefrontClient(base_url="https://api.example.com", public_token="sfp_x").cart.create):
            for parameter in inspect.signature(method).parameters.values():
                self.assertEqual(parameter.kind, parameter.KEYWORD_ONLY, f"{method.__qualname__}({parameter.name})")
            for parameter in inspect.signature(method).parameters:
                self.assertRegex(parameter, r"^[a-z_]+$")

    def test_an_answer_that_is_not_json_is_an_api_error_with_its_status(self) -> None:
        website = RecordingProxy(None, inject=lambda call, n: Answer(200, "<!doctype html><title>Welcome</title>", {"Content-Type": "text/html"}))
        self.addCleanup(website.stop)
        calls = [
            lambda: StorefrontClient(base_url=website.url, public_token="sfp_x").store(),
            lambda: AppClient(base_url=website.url, client_id="a", client_secret="b").store(),
        ]
        for call in calls:
            with self.assertRaises(ApiError) as raised:
                call()
            self.assertEqual(raised.exception.status, 200)
            self.assertEqual(raised.exception.code, "non_json_response")
            self.assertIn("text/html", str(raised.exception))
        # JSON that is not an object where one is due, and a proxy's error page.
        odd = RecordingProxy(
            None,
            inject=lambda call, n: Answer(200, [1, 2]) if n == 0 else Answer(502, "<h1>Bad gateway</h1>", {"Content-Type": "text/html"}),
        )
        self.addCleanup(odd.stop)
        client = StorefrontClient(base_url=odd.url, public_token="sfp_x", max_retries=0)
        with self.assertRaises(ApiError) as listed:
            client.store()
        self.assertEqual((listed.exception.status, listed.exception.code), (200, "non_json_response"))
        with self.assertRaises(ApiError) as gateway:
            client.store()
        self.assertEqual((gateway.exception.status, gateway.exception.code), (502, "non_json_response"))

    def test_redirects_are_not_followed(self) -> None:
        # A redirect would carry the Authorization header wherever it points.
        target = RecordingProxy(None, inject=lambda call, n: Answer(200, {"data": {"store": {"id": "x"}}}))
        self.addCleanup(target.stop)
        redirecting = RecordingProxy(None, inject=lambda call, n: Answer(307, b"", {"Location": target.url + "/v1/storefront/graphql"}))
        self.addCleanup(redirecting.stop)
        with self.assertRaises(ApiError) as raised:
            StorefrontClient(base_url=redirecting.url, public_token="sfp_secret_value").store()
        self.assertEqual(raised.exception.status, 307)
        self.assertEqual(target.calls, [])


if __name__ == "__main__":
    unittest.main()
