"""Every operation of AppClient and StorefrontClient against the real server, with its defaults as a
newcomer calls it: results in the wire's shape (checked key by key against their TypedDicts), each
carrying the server's request id; pages walked by themselves; idempotency keys; typed errors; every
default query within the query cost limit."""

from __future__ import annotations

import json
import typing
import unittest
from decimal import Decimal
from typing import Any, Dict, List, Union

from storefront_platform import (
    ApiError,
    AppOrders,
    AppProducts,
    AppStore,
    Deleted,
    Done,
    GraphQLError,
    Order,
    OrderConnection,
    Product,
    ProductConnection,
    StorefrontError,
    StorefrontStore,
    request_id_of,
)

from support import (
    GRAPHQL,
    UUID_PATTERN,
    Account,
    RecordingProxy,
    env,
    new_app,
    new_shop,
    storefront,
    unique,
)


def shape_errors(value: Any, hint: Any, where: str = "result") -> List[str]:
    """Where ``value`` differs from the type ``hint`` (TypedDicts key by key, lists, Optionals)."""
    origin = typing.get_origin(hint)
    if origin is Union:
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return []
        return shape_errors(value, next(o for o in options if o is not type(None)), where)
    if origin in (list, List):
        if not isinstance(value, list):
            return [f"{where}: expected a list, got {type(value).__name__}"]
        (item,) = typing.get_args(hint)
        return [e for i, v in enumerate(value) for e in shape_errors(v, item, f"{where}[{i}]")]
    if isinstance(hint, type) and typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: expected an object, got {type(value).__name__}"]
        hints = typing.get_type_hints(hint)
        errors = []
        if set(value) != set(hints):
            errors.append(f"{where}: keys {sorted(value)} != {sorted(hints)}")
        for key, key_hint in hints.items():
            if key in value:
                errors += shape_errors(value[key], key_hint, f"{where}.{key}")
        return errors
    if hint is Any or origin in (dict, Dict):
        return [] if origin is None or isinstance(value, dict) else [f"{where}: expected an object"]
    if hint is float:
        return [] if isinstance(value, (int, float)) else [f"{where}: expected a number, got {value!r}"]
    if isinstance(hint, type) and not isinstance(value, hint):
        return [f"{where}: expected {hint.__name__}, got {value!r}"]
    return []


class ClientTests(unittest.TestCase):
    def assertShape(self, value: Any, hint: Any) -> None:
        self.assertEqual(shape_errors(value, hint), [], json.dumps(value, default=str)[:500])

    def assertTraced(self, value: Any) -> None:
        """A result object: a dict carrying the server's request id, which is not one of its keys."""
        self.assertIsInstance(value, dict)
        self.assertRegex(request_id_of(value) or "", UUID_PATTERN)
        self.assertEqual(getattr(value, "request_id"), request_id_of(value))
        self.assertNotIn("request_id", value)
        self.assertNotIn("requestId", value)
        self.assertNotIn("request_id", json.dumps(value))

    def test_every_operation_with_its_defaults_in_the_wire_shape_within_the_cost_limit(self) -> None:
        shop = new_shop("Defaults shop")
        proxy = RecordingProxy(env("SF_BASE_URL"))
        self.addCleanup(proxy.stop)
        app = shop.client(proxy.url)
        self.assertIsInstance(app.products, AppProducts)
        self.assertIsInstance(app.orders, AppOrders)

        self.assertRegex(app.get_access_token(), r"\S")
        store = app.store()
        self.assertTraced(store)
        self.assertShape(store, AppStore)
        self.assertEqual(store["id"], shop.store_id)
        data = app.graphql("{ store { id name } }")
        self.assertTraced(data)
        self.assertEqual(data["store"]["id"], shop.store_id)

        mug = app.products.create(handle="mug", title="Mug", price="9.50", currency_code="EUR", inventory=40)
        self.assertTraced(mug)
        self.assertShape(mug, Product)
        self.assertEqual(mug["price"], {"amount": "9.50", "currencyCode": "EUR"})
        self.assertIsNone(mug["description"])
        cup = app.products.create(
            handle="cup", title="Cup", price=Decimal("4.00"), currency_code="EUR", inventory=40, description="Blue"
        )
        self.assertEqual(cup["description"], "Blue")
        renamed = app.products.update(mug["id"], title="Big mug")
        self.assertTraced(renamed)
        self.assertEqual((renamed["title"], renamed["price"]["amount"], renamed["handle"]), ("Big mug", "9.50", "mug"))
        cleared = app.products.update(cup["id"], description=None, inventory=30)
        self.assertEqual((cleared["description"], cleared["inventory"], cleared["title"]), (None, 30, "Cup"))

        page = app.products.list()
        self.assertTraced(page)
        self.assertShape(page, ProductConnection)
        self.assertEqual(sorted(e["node"]["title"] for e in page["edges"]), ["Big mug", "Cup"])
        self.assertFalse(page["pageInfo"]["hasNextPage"])
        by_id = app.products.get(id=mug["id"])
        self.assertTraced(by_id)
        assert by_id is not None
        self.assertEqual(by_id["title"], "Big mug")
        by_handle = app.products.get(handle="cup")
        self.assertTraced(by_handle)
        self.assertIsNone(app.products.get(handle="no-such-thing"))
        with self.assertRaises(TypeError):
            app.products.get()
        with self.assertRaises(TypeError):
            app.products.get(id=mug["id"], handle="mug")
        self.assertEqual(sorted(p["handle"] for p in app.products.iterate()), ["cup", "mug"])

        order = app.orders.create(
            customer_email="buyer@example.com",
            lines=[{"product_id": mug["id"], "quantity": 2}, {"product_id": cup["id"], "quantity": 1}],
        )
        self.assertTraced(order)
        self.assertShape(order, Order)
        self.assertEqual(order["total"], {"amount": "23.00", "currencyCode": "EUR"})
        self.assertEqual([line["product"]["id"] for line in order["lines"]], [mug["id"], cup["id"]])
        orders = app.orders.list()
        self.assertTraced(orders)
        self.assertShape(orders, OrderConnection)
        self.assertEqual([e["node"]["id"] for e in orders["edges"]], [order["id"]])
        one = app.orders.get(order["id"])
        self.assertTraced(one)
        assert one is not None
        self.assertEqual(one["customerEmail"], "buyer@example.com")
        self.assertIsNone(app.orders.get("00000000-0000-4000-8000-000000000000"))
        self.assertEqual([o["id"] for o in app.orders.iterate()], [order["id"]])

        deleted = app.products.delete(cup["id"])
        self.assertTraced(deleted)
        self.assertShape(deleted, Deleted)
        self.assertEqual(deleted, {"id": cup["id"]})
        done = app.revoke()
        self.assertTraced(done)
        self.assertShape(done, Done)
        self.assertTraced(app.store())  # a new token after the revocation

        # Every query the SDK built by default fits the cost limit with room to spare.
        costs = []
        for call in proxy.on(GRAPHQL):
            cost = (call.answer_json() or {}).get("extensions", {}).get("cost")
            if cost:
                costs.append((call.json()["query"], cost["requestedQueryCost"], cost["maximumAvailable"]))
        self.assertGreaterEqual(len(costs), 10)
        self.assertTrue(any("query Orders" in q for q, _, _ in costs))
        for query, requested, maximum in costs:
            self.assertLessEqual(requested, maximum * 0.85, query)

        # StorefrontClient, with a public token of this store.
        public = Account().create_public_token(shop.store_id)
        shopfront = storefront(public)
        sf_store = shopfront.store()
        self.assertTraced(sf_store)
        self.assertShape(sf_store, StorefrontStore)
        self.assertEqual(sf_store["name"], "Defaults shop")
        self.assertTraced(shopfront.graphql("{ store { name } }"))
        sf_page = shopfront.products.list()
        self.assertTraced(sf_page)
        self.assertEqual([e["node"]["handle"] for e in sf_page["edges"]], ["mug"])
        self.assertTraced(shopfront.products.get(handle="mug"))
        self.assertEqual([p["handle"] for p in shopfront.products.iterate()], ["mug"])

    def test_pages_by_themselves_fetching_only_what_the_loop_asks_for(self) -> None:
        shop = new_shop("Pages shop")
        proxy = RecordingProxy(env("SF_BASE_URL"))
        self.addCleanup(proxy.stop)
        app = shop.client(proxy.url)
        made = [
            app.products.create(
                handle=f"iter-{i}",
                title=f"Odd mug {i}" if i % 2 else f"Even cup {i}",
                price="1.00",
                currency_code="EUR",
                inventory=100,
            )["id"]
            for i in range(23)
        ]
        before = proxy.count(GRAPHQL)
        seen = []
        for product in app.products.iterate(first=5):
            self.assertRegex(request_id_of(product) or "", UUID_PATTERN)
            seen.append(product["id"])
        self.assertEqual(seen, made)  # oldest first, every one once
        self.assertEqual(proxy.count(GRAPHQL) - before, 5)  # 23 at 5 a page
        mugs = [p["title"] for p in app.products.iterate(query="Odd mug")]
        self.assertEqual(sorted(mugs), sorted(f"Odd mug {i}" for i in range(23) if i % 2))
        # Items of one page carry that page's request id.
        ids = [request_id_of(p) for p in app.products.iterate(first=10)]
        self.assertEqual(len(set(ids)), 3)
        # Nothing is fetched before the loop asks, and leaving it stops the fetching.
        before = proxy.count(GRAPHQL)
        pages = app.products.iterate(first=2)
        self.assertEqual(proxy.count(GRAPHQL), before)
        for _ in pages:
            break
        self.assertEqual(proxy.count(GRAPHQL) - before, 1)
        # Starting after a cursor.
        first_page = app.products.list(first=20)
        rest = [p["id"] for p in app.products.iterate(after=first_page["pageInfo"]["endCursor"])]
        self.assertEqual(rest, made[20:])

        for i in range(13):
            app.orders.create(customer_email=f"o{i}@example.com", lines=[{"product_id": made[i], "quantity": 1}])
        before = proxy.count(GRAPHQL)
        emails = [o["customerEmail"] for o in app.orders.iterate()]
        self.assertEqual(emails, [f"o{i}@example.com" for i in range(13)])
        self.assertEqual(proxy.count(GRAPHQL) - before, 2)  # 10 a page by default

        public = Account().create_public_token(shop.store_id)
        listed = [p["title"] for p in storefront(public).products.iterate(query="Even cup", first=3)]
        self.assertEqual(len(listed), 12)

    def test_orders_create_adds_an_idempotency_key_and_the_same_key_replays_the_same_order(self) -> None:
        shop = new_app()
        proxy = RecordingProxy(env("SF_BASE_URL"))
        self.addCleanup(proxy.stop)
        app = shop.client(proxy.url)
        product = app.products.create(handle=unique("tea"), title="Tea", price="3.00", currency_code="EUR", inventory=10)
        first = app.orders.create(customer_email="a@example.com", lines=[{"product_id": product["id"], "quantity": 1}])
        second = app.orders.create(customer_email="a@example.com", lines=[{"product_id": product["id"], "quantity": 1}])
        keys = [c.headers.get("idempotency-key") for c in proxy.on(GRAPHQL)[-2:]]
        for key in keys:
            self.assertRegex(key or "", UUID_PATTERN)
        self.assertNotEqual(keys[0], keys[1])
        self.assertNotEqual(first["id"], second["id"])  # two calls without a key of yours: two orders

        key = unique("erp-order")
        placed = app.orders.create(
            customer_email="b@example.com", lines=[{"product_id": product["id"], "quantity": 2}], idempotency_key=key
        )
        again = app.orders.create(
            customer_email="b@example.com", lines=[{"product_id": product["id"], "quantity": 2}], idempotency_key=key
        )
        self.assertEqual(again, placed)
        replay = proxy.on(GRAPHQL)[-1]
        self.assertEqual(replay.headers["idempotency-key"], key)
        self.assertEqual(replay.answer_headers.get("idempotent-replayed"), "true")
        after = app.products.get(id=product["id"])
        assert after is not None
        self.assertEqual(after["inventory"], 10 - 1 - 1 - 2)  # the replay took nothing
        # Another client of the same app (a restart of your process) replays it too.
        restarted = shop.client()
        self.assertEqual(
            restarted.orders.create(
                customer_email="b@example.com", lines=[{"product_id": product["id"], "quantity": 2}], idempotency_key=key
            )["id"],
            placed["id"],
        )
        with self.assertRaises(ValueError):
            app.orders.create(customer_email="b@example.com", lines=[], idempotency_key="no spaces allowed")
        with self.assertRaises(TypeError):
            app.orders.create(customer_email="b@example.com", lines=[{"productId": product["id"], "quantity": 1}])  # type: ignore[typeddict-unknown-key]

    def test_decimals_in_variables_are_sent_as_the_decimal_strings_the_api_takes(self) -> None:
        app = new_app().client()
        made = app.graphql(
            "mutation ($input: ProductCreateInput!) { productCreate(input: $input) { price { amount } } }",
            {"input": {"handle": unique("dec"), "title": "Dec", "price": Decimal("2.5"), "currencyCode": "EUR", "inventory": 1}},
            idempotency_key=unique("dec"),
        )
        self.assertEqual(made["productCreate"]["price"]["amount"], "2.50")
        with self.assertRaises(TypeError):
            app.graphql("{ store { id } }", {"x": object()})

    def test_errors_are_typed_and_carry_the_request_id(self) -> None:
        shop = new_app()
        app = shop.client()
        product = app.products.create(handle=unique("few"), title="Few", price="1.00", currency_code="EUR", inventory=1)
        # GraphQL: OUT_OF_STOCK changes nothing.
        with self.assertRaises(GraphQLError) as raised:
            app.orders.create(customer_email="c@example.com", lines=[{"product_id": product["id"], "quantity": 5}])
        error = raised.exception
        self.assertIsInstance(error, StorefrontError)
        self.assertEqual(error.codes, ["OUT_OF_STOCK"])
        self.assertRegex(error.request_id or "", UUID_PATTERN)
        self.assertIn("OUT_OF_STOCK", str(error))
        self.assertIsInstance(error.errors[0]["message"], str)
        # A duplicate handle; an invalid price.
        with self.assertRaises(GraphQLError) as taken:
            app.products.create(handle=product["handle"], title="Again", price="1.00", currency_code="EUR", inventory=1)
        self.assertTrue(taken.exception.codes)
        with self.assertRaises(GraphQLError) as bad:
            app.products.create(handle=unique("neg"), title="Neg", price="-1.00", currency_code="EUR", inventory=1)
        self.assertEqual(bad.exception.codes, ["BAD_USER_INPUT"])
        # A public token cannot write.
        with self.assertRaises(GraphQLError) as forbidden:
            storefront().graphql('mutation { productDelete(id: "00000000-0000-4000-8000-000000000000") }')
        self.assertIn("FORBIDDEN", forbidden.exception.codes)
        self.assertRegex(forbidden.exception.request_id or "", UUID_PATTERN)
        # REST: an app without store:read reads its store → 403 problem+json.
        reader = new_app(scopes=["products:read"]).client()
        with self.assertRaises(ApiError) as refused:
            reader.store()
        self.assertEqual(refused.exception.status, 403)
        self.assertEqual(refused.exception.code, "insufficient_scope")
        self.assertEqual(refused.exception.problem["code"], "insufficient_scope")
        self.assertRegex(refused.exception.request_id or "", UUID_PATTERN)
        self.assertEqual(refused.exception.problem.get("requestId"), refused.exception.request_id)
        self.assertIn("insufficient_scope", str(refused.exception))
        # A bad public token: the storefront's 401, typed (the token is not retried or replayed).
        with self.assertRaises(GraphQLError) as unauthenticated:
            storefront("sfp_not_a_token").store()
        self.assertEqual(unauthenticated.exception.status, 401)
        self.assertEqual(unauthenticated.exception.codes, ["UNAUTHENTICATED"])


if __name__ == "__main__":
    unittest.main()
