"""StorefrontClient's carts and checkout, and the order lifecycle (orders.fulfil / orders.cancel),
against the real server: results in the wire's shape, the typed refusals (PriceChangedError,
OutOfStockError, CartCompletedError) carrying their extensions, the Idempotency-Key checkout adds by
itself, and a checkout whose answer is lost retried without a second order."""

from __future__ import annotations

import inspect
import time
import unittest
from decimal import Decimal
from typing import Any, List, Optional

from storefront_platform import (
    APIConnectionError,
    AppClient,
    Cart,
    CartCompletedError,
    GraphQLError,
    Order,
    OutOfStockError,
    PriceChangedError,
    Product,
    RateLimitError,
    StorefrontCart,
    StorefrontClient,
    request_id_of,
)

from support import (
    GRAPHQL,
    LOSE_ANSWER,
    UUID_PATTERN,
    Account,
    Answer,
    Call,
    RecordingProxy,
    cart_token,
    env,
    new_app,
    storefront,
    unique,
)
from test_clients import shape_errors


def money(amount: str, currency: str = "EUR") -> Any:
    return {"amount": amount, "currencyCode": currency}


class CartTests(unittest.TestCase):
    def setUp(self) -> None:
        self.shop = new_app()
        self.app: AppClient = self.shop.client()
        self.proxy = RecordingProxy(env("SF_BASE_URL"))
        self.addCleanup(self.proxy.stop)
        self.token = cart_token(self.shop.store_id)
        self.shopfront: StorefrontClient = storefront(self.token, base_url=self.proxy.url)

    def assertShape(self, value: Any, hint: Any) -> None:
        self.assertEqual(shape_errors(value, hint), [], repr(value)[:500])

    def product(self, price: str = "9.50", inventory: int = 10, currency: str = "EUR") -> Product:
        return self.app.products.create(
            handle=unique("cart"), title="Cart item", price=price, currency_code=currency, inventory=inventory
        )

    def inventory(self, product: Product) -> int:
        now = self.app.products.get(id=product["id"])
        assert now is not None
        return now["inventory"]

    def calls_of(self, operation: str) -> List[Call]:
        return [c for c in self.proxy.on(GRAPHQL) if f"mutation {operation}(" in (c.json() or {}).get("query", "")]

    def test_a_cart_from_creation_to_checkout_in_the_wire_shape(self) -> None:
        self.assertIsInstance(self.shopfront.cart, StorefrontCart)
        mug, cup = self.product("9.50", 10), self.product("4.00", 5)

        empty = self.shopfront.cart.create()
        self.assertShape(empty, Cart)
        self.assertRegex(request_id_of(empty) or "", UUID_PATTERN)
        self.assertEqual((empty["status"], empty["lines"], empty["totalQuantity"]), ("open", [], 0))
        self.assertIsNone(empty["buyerEmail"])
        self.assertIsNone(empty["order"])

        cart = self.shopfront.cart.create(lines=[{"product_id": mug["id"], "quantity": 1}])
        self.assertShape(cart, Cart)
        cart_id = cart["id"]
        cart = self.shopfront.cart.add(cart_id, [{"product_id": mug["id"], "quantity": 2}, {"product_id": cup["id"], "quantity": 1}])
        self.assertShape(cart, Cart)
        # A product added again adds to its line; prices come from the catalogue.
        self.assertEqual([(l["product"]["id"], l["quantity"]) for l in cart["lines"]], [(mug["id"], 3), (cup["id"], 1)])
        self.assertEqual(cart["lines"][0]["unitPrice"], money("9.50"))
        self.assertEqual(cart["lines"][0]["lineTotal"], money("28.50"))
        self.assertTrue(all(l["available"] for l in cart["lines"]))
        self.assertEqual((cart["subtotal"], cart["totalQuantity"]), (money("32.50"), 4))

        cart = self.shopfront.cart.update(cart_id, [{"product_id": cup["id"], "quantity": 0}, {"product_id": mug["id"], "quantity": 2}])
        self.assertEqual([(l["product"]["id"], l["quantity"]) for l in cart["lines"]], [(mug["id"], 2)])
        cart = self.shopfront.cart.add(cart_id, [{"product_id": cup["id"], "quantity": 1}])
        self.assertEqual(len(cart["lines"]), 2)
        cart = self.shopfront.cart.remove(cart_id, [cup["id"]])
        self.assertEqual([l["product"]["id"] for l in cart["lines"]], [mug["id"]])
        cart = self.shopfront.cart.set_buyer(cart_id, "shopper@example.com")
        self.assertShape(cart, Cart)
        self.assertEqual((cart["buyerEmail"], cart["subtotal"]), ("shopper@example.com", money("19.00")))
        got = self.shopfront.cart.get(cart_id)
        self.assertEqual(got, cart)
        self.assertRegex(request_id_of(got) or "", UUID_PATTERN)

        order = self.shopfront.checkout(cart_id, expected_total=cart["subtotal"]["amount"])
        self.assertShape(order, Order)
        self.assertRegex(request_id_of(order) or "", UUID_PATTERN)
        self.assertEqual((order["status"], order["source"], order["customerEmail"]), ("open", "checkout", "shopper@example.com"))
        self.assertEqual(order["total"], money("19.00"))
        self.assertEqual([(l["product"]["id"], l["quantity"]) for l in order["lines"]], [(mug["id"], 2)])
        self.assertIsNone(order["fulfilledAt"])
        self.assertEqual(self.inventory(mug), 8)
        # The SDK gave the checkout an Idempotency-Key of its own.
        (sent,) = self.calls_of("CheckoutComplete")
        self.assertRegex(sent.headers.get("idempotency-key", ""), UUID_PATTERN)

        done = self.shopfront.cart.get(cart_id)
        assert done is not None
        self.assertShape(done, Cart)
        self.assertEqual(done["status"], "completed")
        assert done["order"] is not None
        self.assertEqual(done["order"]["id"], order["id"])
        # Checking a completed cart out again answers its order and takes nothing.
        self.assertEqual(self.shopfront.checkout(cart_id)["id"], order["id"])
        self.assertEqual(self.inventory(mug), 8)
        # A completed cart cannot change.
        with self.assertRaises(CartCompletedError) as completed:
            self.shopfront.cart.add(cart_id, [{"product_id": mug["id"], "quantity": 1}])
        self.assertIsInstance(completed.exception, GraphQLError)
        self.assertEqual(completed.exception.codes, ["CART_COMPLETED"])
        self.assertEqual(completed.exception.extensions["code"], "CART_COMPLETED")
        self.assertRegex(completed.exception.request_id or "", UUID_PATTERN)
        # The app sees the order, with where it came from.
        seen = self.app.orders.get(order["id"])
        assert seen is not None
        self.assertEqual((seen["source"], seen["total"]), ("checkout", money("19.00")))

        # Every cart query and mutation the SDK built fits the cost limit with room to spare.
        costs = [
            (c.json()["query"], (c.answer_json() or {}).get("extensions", {}).get("cost"))
            for c in self.proxy.on(GRAPHQL)
        ]
        measured = [(q, cost) for q, cost in costs if cost]
        self.assertTrue(measured)
        for query, cost in measured:
            self.assertLessEqual(cost["requestedQueryCost"], cost["maximumAvailable"] * 0.85, query)

    def test_another_stores_cart_is_none_and_a_token_without_cart_write_is_refused(self) -> None:
        account = Account()
        other_store = account.create_store("Other cart shop")
        other = storefront(cart_token(other_store))
        theirs = other.cart.create()
        self.assertIsNone(self.shopfront.cart.get(theirs["id"]))
        with self.assertRaises(GraphQLError) as not_found:
            self.shopfront.cart.set_buyer(theirs["id"], "x@example.com")
        self.assertIn("NOT_FOUND", not_found.exception.codes)
        with self.assertRaises(GraphQLError) as forbidden:
            storefront(account.create_public_token(self.shop.store_id)).cart.create()
        self.assertIn("FORBIDDEN", forbidden.exception.codes)

    def test_a_changed_price_raises_price_changed_error_with_the_new_total_and_changes_nothing(self) -> None:
        mug = self.product("9.50", 10)
        cart = self.shopfront.cart.create(lines=[{"product_id": mug["id"], "quantity": 2}], buyer_email="p@example.com")
        seen = cart["subtotal"]["amount"]
        self.assertEqual(seen, "19.00")
        self.app.products.update(mug["id"], price="10.00")
        # A cart always shows the catalogue's current price.
        now = self.shopfront.cart.get(cart["id"])
        assert now is not None
        self.assertEqual(now["subtotal"], money("20.00"))
        with self.assertRaises(PriceChangedError) as changed:
            self.shopfront.checkout(cart["id"], expected_total=seen)
        error = changed.exception
        self.assertIsInstance(error, GraphQLError)
        self.assertEqual(error.codes, ["PRICE_CHANGED"])
        self.assertEqual(error.total, money("20.00"))
        self.assertEqual(error.extensions["total"], money("20.00"))
        self.assertRegex(error.request_id or "", UUID_PATTERN)
        self.assertEqual(self.inventory(mug), 10)
        still = self.shopfront.cart.get(cart["id"])
        assert still is not None
        self.assertEqual((still["status"], still["order"]), ("open", None))
        # Compared as decimal amounts: "20" is "20.00"; a Decimal is sent as its string.
        order = self.shopfront.checkout(cart["id"], expected_total=Decimal("20"))
        self.assertEqual(order["total"], money("20.00"))
        with self.assertRaises(TypeError):
            self.shopfront.checkout(cart["id"], expected_total=20.0)  # type: ignore[arg-type]

    def test_missing_stock_raises_out_of_stock_error_naming_the_products_and_changes_nothing(self) -> None:
        few, plenty = self.product("3.00", 1), self.product("1.00", 50)
        cart = self.shopfront.cart.create(
            lines=[{"product_id": few["id"], "quantity": 2}, {"product_id": plenty["id"], "quantity": 1}],
            buyer_email="s@example.com",
        )
        self.assertEqual([l["available"] for l in cart["lines"]], [False, True])
        with self.assertRaises(OutOfStockError) as raised:
            self.shopfront.checkout(cart["id"])
        error = raised.exception
        self.assertEqual(error.codes, ["OUT_OF_STOCK"])
        self.assertEqual(error.product_ids, [few["id"]])
        self.assertEqual(error.extensions["productIds"], [few["id"]])
        self.assertEqual((self.inventory(few), self.inventory(plenty)), (1, 50))
        # orderCreate's refusal is the same class (its extension names the one product).
        with self.assertRaises(OutOfStockError) as ordered:
            self.app.orders.create(customer_email="s@example.com", lines=[{"product_id": few["id"], "quantity": 5}])
        self.assertEqual(ordered.exception.product_ids, [few["id"]])
        # Fix the cart, and it checks out.
        self.shopfront.cart.update(cart["id"], [{"product_id": few["id"], "quantity": 1}])
        self.assertEqual(self.shopfront.checkout(cart["id"])["total"], money("4.00"))
        self.assertEqual(self.inventory(few), 0)

    def test_checkout_is_idempotent_a_lost_answer_is_retried_with_its_key_and_a_key_of_yours_replays(self) -> None:
        mug = self.product("5.00", 10)
        lost: List[int] = []

        def lose_first_checkout(call: Call, n: int) -> Any:
            if b"checkoutComplete" in call.body and not lost:
                lost.append(n)
                return LOSE_ANSWER
            return None

        proxy = RecordingProxy(env("SF_BASE_URL"), inject=lose_first_checkout)
        self.addCleanup(proxy.stop)
        shopfront = storefront(self.token, base_url=proxy.url)
        cart = shopfront.cart.create(lines=[{"product_id": mug["id"], "quantity": 3}], buyer_email="i@example.com")
        order = shopfront.checkout(cart["id"])
        tries = [c for c in proxy.on(GRAPHQL) if b"checkoutComplete" in c.body]
        self.assertEqual(len(tries), 2)
        self.assertEqual(len({c.headers.get("idempotency-key") for c in tries}), 1)
        self.assertRegex(tries[0].headers.get("idempotency-key", ""), UUID_PATTERN)
        self.assertEqual(tries[1].answer_headers.get("idempotent-replayed"), "true")
        self.assertEqual(tries[0].answer_json()["data"]["checkoutComplete"]["id"], order["id"])
        self.assertEqual(self.inventory(mug), 7)  # taken once

        # A key of yours: the same answer again, marked as a replay.
        second = shopfront.cart.create(lines=[{"product_id": mug["id"], "quantity": 1}], buyer_email="i@example.com")
        key = unique("checkout")
        first = shopfront.checkout(second["id"], idempotency_key=key)
        again = shopfront.checkout(second["id"], idempotency_key=key)
        self.assertEqual(again, first)
        replay = [c for c in proxy.on(GRAPHQL) if b"checkoutComplete" in c.body][-1]
        self.assertEqual(replay.headers["idempotency-key"], key)
        self.assertEqual(replay.answer_headers.get("idempotent-replayed"), "true")
        self.assertEqual(self.inventory(mug), 6)
        with self.assertRaises(ValueError):
            shopfront.checkout(second["id"], idempotency_key="no spaces")

    def test_cart_writes_are_not_retried_without_a_key(self) -> None:
        # A cart mutation is a write: without an Idempotency-Key, a lost answer is an error, not a retry.
        mug = self.product("1.00", 10)
        lost: List[int] = []

        def lose_two_adds(call: Call, n: int) -> Any:
            if b"cartLinesAdd" in call.body and len(lost) < 2:
                lost.append(n)
                return LOSE_ANSWER
            return None

        proxy = RecordingProxy(env("SF_BASE_URL"), inject=lose_two_adds)
        self.addCleanup(proxy.stop)
        shopfront = storefront(self.token, base_url=proxy.url, max_retries=2)
        cart = shopfront.cart.create()
        with self.assertRaises(APIConnectionError):
            shopfront.cart.add(cart["id"], [{"product_id": mug["id"], "quantity": 1}])
        adds = lambda: [c for c in proxy.on(GRAPHQL) if b"cartLinesAdd" in c.body]  # noqa: E731
        self.assertEqual(len(adds()), 1)
        # With one, it is retried and the server replays its first answer (which was lost).
        added = shopfront.cart.add(cart["id"], [{"product_id": mug["id"], "quantity": 1}], idempotency_key=unique("add"))
        self.assertEqual(added["totalQuantity"], 2)
        self.assertEqual(len(adds()), 3)
        self.assertEqual(adds()[-1].answer_headers.get("idempotent-replayed"), "true")


class OrderLifecycleTests(unittest.TestCase):
    def setUp(self) -> None:
        self.app = new_app().client()

    def order(self, quantity: int = 1, inventory: int = 10) -> Any:
        product = self.app.products.create(handle=unique("life"), title="Life", price="2.00", currency_code="EUR", inventory=inventory)
        placed = self.app.orders.create(customer_email="l@example.com", lines=[{"product_id": product["id"], "quantity": quantity}])
        return product, placed

    def stock(self, product: Any) -> Optional[int]:
        now = self.app.products.get(id=product["id"])
        return None if now is None else now["inventory"]

    def test_fulfil_then_any_other_move_is_an_order_status_conflict(self) -> None:
        _, placed = self.order()
        self.assertEqual((placed["status"], placed["source"]), ("open", "app"))
        self.assertEqual((placed["fulfilledAt"], placed["cancelledAt"], placed["cancelReason"]), (None, None, None))
        fulfilled = self.app.orders.fulfil(placed["id"])
        self.assertEqual(shape_errors(fulfilled, Order), [])
        self.assertRegex(request_id_of(fulfilled) or "", UUID_PATTERN)
        self.assertEqual(fulfilled["status"], "fulfilled")
        self.assertIsNotNone(fulfilled["fulfilledAt"])
        self.assertIsNone(fulfilled["cancelledAt"])
        for move in (lambda: self.app.orders.fulfil(placed["id"]), lambda: self.app.orders.cancel(placed["id"])):
            with self.assertRaises(GraphQLError) as conflict:
                move()
            self.assertEqual(conflict.exception.codes, ["BAD_USER_INPUT"])
            self.assertEqual(conflict.exception.errors[0].get("extensions", {}).get("reason"), "order_status_conflict")
        got = self.app.orders.get(placed["id"])
        assert got is not None
        self.assertEqual(got["status"], "fulfilled")

    def test_cancel_puts_the_stock_back_and_keeps_the_reason(self) -> None:
        product, placed = self.order(quantity=3, inventory=10)
        self.assertEqual(self.stock(product), 7)
        cancelled = self.app.orders.cancel(placed["id"], reason="Customer asked")
        self.assertEqual(shape_errors(cancelled, Order), [])
        self.assertEqual((cancelled["status"], cancelled["cancelReason"]), ("cancelled", "Customer asked"))
        self.assertIsNotNone(cancelled["cancelledAt"])
        self.assertIsNone(cancelled["fulfilledAt"])
        self.assertEqual(self.stock(product), 10)
        _, other = self.order()
        self.assertIsNone(self.app.orders.cancel(other["id"])["cancelReason"])
        with self.assertRaises(GraphQLError) as unknown:
            self.app.orders.fulfil("00000000-0000-4000-8000-000000000000")
        self.assertIn("NOT_FOUND", unknown.exception.codes)



def limited(retry_after: Any) -> Answer:
    """What the storefront answers past its write limit (§15): HTTP 200, no data, RATE_LIMITED."""
    extensions = {"code": "RATE_LIMITED"}
    if retry_after is not None:
        extensions["retryAfter"] = retry_after
    return Answer(200, {"data": None, "errors": [{"message": "At most 60 cart writes a minute.", "extensions": extensions}]}, {"X-Request-Id": "req-limited"})


class WriteLimitTests(unittest.TestCase):
    """The storefront's write limit answers RATE_LIMITED in GraphQL form: handled as a 429 (a stub
    server stands in for the service, which cannot be made to refuse on demand)."""

    def stub(self, answers: List[Answer]) -> RecordingProxy:
        stub = RecordingProxy(None, inject=lambda call, n: answers[min(n, len(answers) - 1)])
        self.addCleanup(stub.stop)
        return stub

    def test_a_checkout_waits_out_retry_after_with_its_key_a_write_without_one_raises_rate_limit_error(self) -> None:
        order = {"id": "o1", "status": "open"}
        stub = self.stub([limited(1), Answer(200, {"data": {"checkoutComplete": order}})])
        client = StorefrontClient(base_url=stub.url, public_token="sfp_x")
        started = time.monotonic()
        self.assertEqual(client.checkout("c1")["id"], "o1")
        self.assertGreaterEqual(time.monotonic() - started, 1.0)
        keys = [c.headers.get("idempotency-key") for c in stub.calls]
        self.assertEqual(len(keys), 2)
        self.assertEqual(keys[0], keys[1])

        stub = self.stub([limited(1)])
        client = StorefrontClient(base_url=stub.url, public_token="sfp_x")
        with self.assertRaises(RateLimitError) as raised:
            client.cart.add("c1", [{"product_id": "p1", "quantity": 1}])
        self.assertEqual((raised.exception.retry_after, raised.exception.code, raised.exception.request_id), (1, "RATE_LIMITED", "req-limited"))
        self.assertEqual(len(stub.calls), 1)  # a write without a key is not repeated

    def test_a_wait_past_the_timeout_raises_at_once_and_retries_run_out(self) -> None:
        stub = self.stub([limited(100)])
        client = StorefrontClient(base_url=stub.url, public_token="sfp_x")
        started = time.monotonic()
        with self.assertRaises(RateLimitError) as raised:
            client.checkout("c1", timeout=5)
        self.assertLess(time.monotonic() - started, 2)
        self.assertEqual(raised.exception.retry_after, 100)
        stub = self.stub([limited(None)])
        client = StorefrontClient(base_url=stub.url, public_token="sfp_x", max_retries=2)
        with self.assertRaises(RateLimitError) as exhausted:
            client.checkout("c1")
        self.assertIsNone(exhausted.exception.retry_after)
        self.assertEqual(len(stub.calls), 3)  # the backoff, twice, then the error
        # Other GraphQL errors are not rate limits.
        stub = self.stub([Answer(200, {"data": None, "errors": [{"message": "x", "extensions": {"code": "RATE_LIMITED"}}, {"message": "y", "extensions": {"code": "NOT_FOUND"}}]})])
        with self.assertRaises(GraphQLError) as mixed:
            StorefrontClient(base_url=stub.url, public_token="sfp_x").cart.get("c1")
        self.assertNotIsInstance(mixed.exception, RateLimitError)


class CartArgumentTests(unittest.TestCase):
    def test_arguments(self) -> None:
        client = StorefrontClient(base_url="https://api.example.com", public_token="sfp_x")
        kinds = {
            name: [(p.name, p.kind.name) for p in inspect.signature(getattr(client.cart, name)).parameters.values()]
            for name in ("create", "get", "add", "update", "remove", "set_buyer")
        }
        self.assertEqual(
            kinds["create"],
            [("lines", "KEYWORD_ONLY"), ("buyer_email", "KEYWORD_ONLY"), ("idempotency_key", "KEYWORD_ONLY"), ("timeout", "KEYWORD_ONLY")],
        )
        self.assertEqual(kinds["add"][:2], [("cart_id", "POSITIONAL_OR_KEYWORD"), ("lines", "POSITIONAL_OR_KEYWORD")])
        self.assertEqual(kinds["remove"][:2], [("cart_id", "POSITIONAL_OR_KEYWORD"), ("product_ids", "POSITIONAL_OR_KEYWORD")])
        self.assertEqual(kinds["set_buyer"][:2], [("cart_id", "POSITIONAL_OR_KEYWORD"), ("email", "POSITIONAL_OR_KEYWORD")])
        checkout = [(p.name, p.kind.name) for p in inspect.signature(client.checkout).parameters.values()]
        self.assertEqual(
            checkout,
            [("cart_id", "POSITIONAL_OR_KEYWORD"), ("expected_total", "KEYWORD_ONLY"), ("idempotency_key", "KEYWORD_ONLY"), ("timeout", "KEYWORD_ONLY")],
        )
        cancel = [(p.name, p.kind.name) for p in inspect.signature(AppClient(base_url="https://api.example.com", client_id="a", client_secret="b").orders.cancel).parameters.values()]
        self.assertEqual(cancel[:2], [("id", "POSITIONAL_OR_KEYWORD"), ("reason", "KEYWORD_ONLY")])
        with self.assertRaises(TypeError):
            client.cart.add("cart", [{"productId": "p", "quantity": 1}])  # type: ignore[typeddict-unknown-key]
        with self.assertRaises(TypeError):
            client.cart.remove("cart", "p1")


if __name__ == "__main__":
    unittest.main()
