"""Retries against the real server, with a recording proxy answering in its place only for what the
server cannot be made to do on demand (a 429 or a 503, a lost answer, a hanging attempt): 429,
502–504, connection errors and timeouts are retried with exponential backoff and jitter; Retry-After is
honoured within the caller's timeout, else RateLimitError at once; a POST or a mutation is retried only
with an Idempotency-Key."""

from __future__ import annotations

import time
import unittest
from email.utils import format_datetime
from datetime import datetime, timezone

from storefront_platform import (
    APIConnectionError,
    APITimeoutError,
    ApiError,
    AppClient,
    GraphQLError,
    RateLimitError,
    StorefrontError,
)
from storefront_platform._graphql import is_mutation
from storefront_platform._transport import parse_retry_after

from support import (
    DROP,
    GRAPHQL,
    HANG,
    LOSE_ANSWER,
    STORE,
    TOKEN,
    UUID_PATTERN,
    Answer,
    RecordingProxy,
    closed_port,
    env,
    new_app,
    problem,
    unique,
)

DELETE_NOTHING = 'mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }'


class RetryTests(unittest.TestCase):
    def setUp(self) -> None:
        self.base_url = env("SF_BASE_URL")

    def proxy(self, inject: object = None) -> RecordingProxy:
        proxy = RecordingProxy(self.base_url, inject=inject)  # type: ignore[arg-type]
        self.addCleanup(proxy.stop)
        return proxy

    def test_waits_out_a_429_with_retry_after_1_and_the_result_carries_the_servers_request_id(self) -> None:
        proxy = self.proxy(lambda call, n: problem(429, **{"Retry-After": "1"}) if call.path == STORE and proxy.count(STORE) == 1 else None)
        shop = new_app()
        client = shop.client(proxy.url)
        started = time.monotonic()
        store = client.store()
        self.assertGreaterEqual(time.monotonic() - started, 1.0)
        self.assertEqual([c.status for c in proxy.on(STORE)], [429, 200])
        request_id = getattr(store, "request_id")
        self.assertRegex(request_id, UUID_PATTERN)
        self.assertEqual(request_id, proxy.on(STORE)[1].answer_headers["x-request-id"])

    def test_a_missing_or_unreadable_retry_after_means_exponential_backoff_with_jitter(self) -> None:
        answers = [problem(503), problem(503, **{"Retry-After": "soon"})]
        proxy = self.proxy(lambda call, n: answers.pop(0) if call.path == STORE and answers else None)
        client = new_app().client(proxy.url)
        self.assertTrue(client.store()["id"])
        tries = proxy.on(STORE)
        self.assertEqual([c.status for c in tries], [503, 503, 200])
        # Attempt 1 waits 0.25–0.5 s, attempt 2 0.5–1 s (half to all of 0.5 s · 2^n).
        self.assertGreaterEqual(tries[1].at - tries[0].at, 0.24)
        self.assertGreaterEqual(tries[2].at - tries[1].at, 0.49)
        self.assertLess(tries[2].at - tries[1].at, 1.5)

    def test_retries_run_out_then_the_last_answer_is_the_error(self) -> None:
        proxy = self.proxy(lambda call, n: problem(503, **{"Retry-After": "0"}) if call.path == STORE else None)
        client = new_app().client(proxy.url, max_retries=3)
        with self.assertRaises(ApiError) as raised:
            client.store()
        self.assertEqual(raised.exception.status, 503)
        self.assertEqual(raised.exception.code, "unavailable")
        self.assertEqual(proxy.count(STORE), 4)

    def test_a_retry_after_past_the_timeout_raises_rate_limit_error_at_once(self) -> None:
        proxy = self.proxy(lambda call, n: problem(429, **{"Retry-After": "3600"}) if call.path == STORE else None)
        client = new_app().client(proxy.url, timeout=5)
        client.get_access_token()
        started = time.monotonic()
        with self.assertRaises(RateLimitError) as raised:
            client.store()
        self.assertLess(time.monotonic() - started, 1.0)
        self.assertEqual(raised.exception.retry_after, 3600)
        self.assertEqual(raised.exception.status, 429)
        self.assertEqual(raised.exception.code, "rate_limited")
        self.assertIsInstance(raised.exception, ApiError)
        self.assertEqual(proxy.count(STORE), 1)
        # The same per call: 2 s of Retry-After do not fit in this call's own timeout of 1 s.
        proxy.inject = lambda call, n: problem(429, **{"Retry-After": "2"}) if call.path == STORE else None
        with self.assertRaises(RateLimitError):
            client.store(timeout=1)
        self.assertEqual(proxy.count(STORE), 2)

    def test_an_http_date_retry_after_is_honoured(self) -> None:
        soon = format_datetime(datetime.fromtimestamp(time.time() + 2, tz=timezone.utc), usegmt=True)
        proxy = self.proxy(lambda call, n: problem(503, **{"Retry-After": soon}) if call.path == STORE and proxy.count(STORE) == 1 else None)
        client = new_app().client(proxy.url)
        client.get_access_token()
        started = time.monotonic()
        self.assertTrue(client.store()["id"])
        self.assertGreaterEqual(time.monotonic() - started, 0.9)

    def test_a_429_of_the_token_endpoint_is_a_rate_limit_error_too(self) -> None:
        proxy = self.proxy(lambda call, n: Answer(429, {"error": "rate_limited"}, {"Retry-After": "7"}) if call.path == TOKEN else None)
        client = new_app().client(proxy.url, max_retries=0)
        with self.assertRaises(RateLimitError) as raised:
            client.get_access_token()
        self.assertEqual(raised.exception.retry_after, 7)
        self.assertEqual(raised.exception.code, "rate_limited")

    def test_a_503_on_a_query_is_retried_a_mutation_without_a_key_is_not_and_with_a_key_it_is(self) -> None:
        failures = {"left": 0}

        def inject(call: object, n: int) -> object:
            if getattr(call, "path") == GRAPHQL and failures["left"] > 0:
                failures["left"] -= 1
                return Answer(
                    503,
                    {"errors": [{"message": "down", "extensions": {"code": "UNAVAILABLE"}}]},
                    {"Retry-After": "0"},
                )
            return None

        proxy = self.proxy(inject)
        client = new_app().client(proxy.url)
        failures["left"] = 1
        page = client.products.list(first=1)
        self.assertIn("edges", page)
        self.assertEqual([c.status for c in proxy.on(GRAPHQL)], [503, 200])

        failures["left"] = 1
        with self.assertRaises(GraphQLError) as raised:
            client.graphql(DELETE_NOTHING)
        self.assertEqual(raised.exception.codes, ["UNAVAILABLE"])
        self.assertEqual(raised.exception.status, 503)
        self.assertEqual(proxy.count(GRAPHQL), 3)

        failures["left"] = 1
        made = client.graphql(
            'mutation { productCreate(input: { handle: "%s", title: "Keyed", price: "1.00", currencyCode: "EUR", inventory: 1 }) { id } }'
            % unique("keyed"),
            idempotency_key=unique("key"),
        )
        self.assertRegex(made["productCreate"]["id"], UUID_PATTERN)
        self.assertEqual(proxy.count(GRAPHQL), 5)

    def test_a_lost_answer_the_server_processed_is_retried_with_the_same_key_and_replayed(self) -> None:
        lose = {"left": 0}

        def inject(call: object, n: int) -> object:
            if getattr(call, "path") == GRAPHQL and lose["left"] > 0:
                lose["left"] -= 1
                return LOSE_ANSWER
            return None

        proxy = self.proxy(inject)
        client = new_app().client(proxy.url)
        handle = unique("lost")
        product = client.products.create(handle=handle, title="Lost", price="2.00", currency_code="EUR", inventory=10)

        # orders.create adds its own key: the retry after the lost answer gets the first answer again.
        lose["left"] = 1
        order = client.orders.create(customer_email="lost@example.com", lines=[{"product_id": product["id"], "quantity": 3}])
        tries = proxy.on(GRAPHQL)[-2:]
        self.assertEqual([t.status for t in tries], [200, 200])
        self.assertEqual(tries[0].headers["idempotency-key"], tries[1].headers["idempotency-key"])
        self.assertEqual(tries[1].answer_headers.get("idempotent-replayed"), "true")
        self.assertEqual(tries[1].answer_json()["data"]["orderCreate"]["id"], order["id"])
        # One order, stock taken once.
        after = client.products.get(id=product["id"])
        assert after is not None
        self.assertEqual(after["inventory"], 7)

        # A mutation without a key is not sent again: the caller hears of the lost answer (and the
        # server did run it — which is why it is not repeated blindly).
        lose["left"] = 1
        second = unique("unkeyed")
        with self.assertRaises(APIConnectionError) as raised:
            client.products.create(handle=second, title="Unkeyed", price="1.00", currency_code="EUR", inventory=1)
        self.assertIsInstance(raised.exception, ConnectionError)
        self.assertEqual(proxy.on(GRAPHQL)[-1].status, 200)
        self.assertIsNotNone(client.products.get(handle=second))

    def test_a_connection_error_on_a_get_is_retried(self) -> None:
        proxy = self.proxy(lambda call, n: DROP if call.path == STORE and proxy.count(STORE) == 1 else None)
        client = new_app().client(proxy.url)
        self.assertTrue(client.store()["id"])
        self.assertEqual(proxy.count(STORE), 2)

    def test_a_timeout_on_a_get_is_retried_never_on_a_mutation_without_a_key(self) -> None:
        proxy = self.proxy(lambda call, n: HANG if call.path == STORE and proxy.count(STORE) == 1 else None)
        client = new_app().client(proxy.url, timeout=0.4)
        client.get_access_token()
        self.assertTrue(client.store()["id"])
        self.assertEqual([c.status for c in proxy.on(STORE)], [None, 200])

        writer_proxy = self.proxy(lambda call, n: HANG if call.path == GRAPHQL else None)
        writer = new_app().client(writer_proxy.url, timeout=0.3)
        writer.get_access_token()
        with self.assertRaises(APITimeoutError) as raised:
            writer.graphql(DELETE_NOTHING)
        self.assertIsInstance(raised.exception, TimeoutError)
        self.assertIsInstance(raised.exception, StorefrontError)
        self.assertEqual(writer_proxy.count(GRAPHQL), 1)
        # A query that hangs the same way is tried 1 + max_retries (2) times, with backoff between.
        started = time.monotonic()
        with self.assertRaises(APITimeoutError):
            writer.graphql("{ store { id } }")
        self.assertEqual(writer_proxy.count(GRAPHQL), 4)
        self.assertGreaterEqual(time.monotonic() - started, 3 * 0.3 + 0.25 + 0.5)

    def test_a_mutation_after_a_fragment_is_not_retried_without_a_key_and_operation_name_selects_a_query(self) -> None:
        failures = {"left": 0}

        def inject(call: object, n: int) -> object:
            if getattr(call, "path") == GRAPHQL and failures["left"] > 0:
                failures["left"] -= 1
                return problem(503, **{"Retry-After": "0"})
            return None

        proxy = self.proxy(inject)
        shop = new_app()
        client = shop.client(proxy.url)
        client.get_access_token()
        handle = unique("frag")
        document = (
            "fragment P on Product { id title }\n"
            "query Q { store { id } }\n"
            'mutation M { productCreate(input: { handle: "%s", title: "Frag", price: "1.00", currencyCode: "EUR", inventory: 1 }) { ...P } }'
            % handle
        )
        failures["left"] = 1
        with self.assertRaises(ApiError) as raised:
            client.graphql(document, operation_name="M")
        self.assertEqual(raised.exception.status, 503)
        self.assertEqual(proxy.count(GRAPHQL), 1)
        failures["left"] = 1
        self.assertEqual(client.graphql(document, operation_name="Q")["store"]["id"], shop.store_id)
        self.assertEqual(proxy.count(GRAPHQL), 3)
        failures["left"] = 1
        made = client.graphql(document, operation_name="M", idempotency_key=unique("frag-key"))
        self.assertEqual(made["productCreate"]["title"], "Frag")
        self.assertEqual(proxy.count(GRAPHQL), 5)
        self.assertIsNotNone(client.products.get(handle=handle))

    def test_connection_refused_is_an_api_connection_error_after_the_retries(self) -> None:
        client = AppClient(
            base_url=f"http://127.0.0.1:{closed_port()}", client_id="sfc_x", client_secret="sfs_x", max_retries=1
        )
        started = time.monotonic()
        with self.assertRaises(APIConnectionError) as raised:
            client.store()
        self.assertGreaterEqual(time.monotonic() - started, 0.24)
        self.assertIsInstance(raised.exception, ConnectionError)
        self.assertIn("Could not reach", str(raised.exception))
        self.assertIsNotNone(raised.exception.__cause__)


class RetryRulesTests(unittest.TestCase):
    """The two pure rules behind the retries, case by case."""

    def test_retry_after_is_seconds_or_an_http_date_anything_else_means_the_backoff(self) -> None:
        now = datetime(2026, 11, 24, 10, 0, 0, tzinfo=timezone.utc).timestamp()
        self.assertEqual(parse_retry_after("7", now), 7)
        self.assertEqual(parse_retry_after("0", now), 0)
        self.assertEqual(parse_retry_after(" 12 ", now), 12)
        self.assertEqual(parse_retry_after("Tue, 24 Nov 2026 10:00:30 GMT", now), 30)
        self.assertEqual(parse_retry_after("Tue, 24 Nov 2026 09:00:00 GMT", now), 0)
        for bad in [None, "", "soon", "-1", "1.5", "0x10", "Infinity", " NaN", "٣", "Tue, 99 Foo 2026 10:00:30 GMT"]:
            self.assertIsNone(parse_retry_after(bad, now), bad)

    def test_the_selected_operation_decides_what_is_a_mutation(self) -> None:
        self.assertFalse(is_mutation("{ store { id } }"))
        self.assertFalse(is_mutation("query Q { store { id } }"))
        self.assertTrue(is_mutation('mutation { productDelete(id: "x") }'))
        self.assertTrue(is_mutation("fragment F on Product { id }\nmutation M { productCreate(input: {}) { ...F } }"))
        self.assertFalse(is_mutation("fragment F on Product { id }\nquery Q { product(id: 1) { ...F } }"))
        two = "query Q { store { id } }\nmutation M { productDelete(id: 1) }"
        self.assertFalse(is_mutation(two, "Q"))
        self.assertTrue(is_mutation(two, "M"))
        self.assertTrue(is_mutation(two))  # several operations, none named: treated as a write
        self.assertFalse(is_mutation('# mutation in a comment\nquery { product(handle: "mutation {") { id } }'))
        self.assertFalse(is_mutation('query { p: product(handle: """\nmutation { x }\n""") { id } }'))
        self.assertTrue(is_mutation("{ store { id }"))  # unreadable: treated as a write
        self.assertTrue(is_mutation("subscriptions { x }"))
        self.assertTrue(is_mutation(""))


if __name__ == "__main__":
    unittest.main()
