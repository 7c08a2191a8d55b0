"""(v1.4) Options and variants through the Python SDK against the real server: products created with
options and variants, ``products.variants.create / update / delete``, and order and cart lines by
``variant_id`` keeping the title and SKU they were sold under."""

from __future__ import annotations

import unittest

from storefront_platform import AppClient, Cart, CartLineInput, GraphQLError, OutOfStockError, Product

from support import cart_token, new_app, storefront, unique


class VariantTests(unittest.TestCase):
    def setUp(self) -> None:
        self.shop = new_app()
        self.app: AppClient = self.shop.client()

    def shirt(self) -> Product:
        return self.app.products.create(
            handle=unique("shirt"),
            title="Shirt",
            currency_code="EUR",
            options=[{"name": "Size", "values": ["S", "M"]}],
            variants=[
                {"selectedOptions": [{"name": "Size", "value": "S"}], "price": "10.00", "inventory": 2, "sku": unique("S")}
            ],
        )

    def variant_ids(self, product: Product) -> list[str]:
        data = self.app.graphql(
            "query($id: ID!) { product(id: $id) { variants { edges { node { id } } } } }", {"id": product["id"]}
        )
        return [edge["node"]["id"] for edge in data["product"]["variants"]["edges"]]

    def test_products_variants_create_update_delete(self) -> None:
        shirt = self.shirt()
        self.assertEqual(
            (shirt["hasOnlyDefaultVariant"], shirt["options"]), (False, [{"name": "Size", "values": ["S", "M"]}])
        )
        added = self.app.products.variants.create(
            shirt["id"], [{"selectedOptions": [{"name": "Size", "value": "M"}], "price": "12.00", "inventory": 3}]
        )
        self.assertEqual(added["priceRange"]["max"], {"amount": "12.00", "currencyCode": "EUR"})
        self.assertEqual(added["inventory"], 5)
        small, medium = self.variant_ids(added)
        updated = self.app.products.variants.update(shirt["id"], [{"id": medium, "price": "8.00"}])
        self.assertEqual(updated["price"], {"amount": "8.00", "currencyCode": "EUR"})
        with self.assertRaises(GraphQLError) as refused:
            self.app.products.variants.create(
                shirt["id"], [{"selectedOptions": [{"name": "Size", "value": "M"}], "price": "1", "inventory": 1}]
            )
        self.assertEqual(refused.exception.errors[0]["extensions"]["reason"], "duplicate_variant")
        left = self.app.products.variants.delete(shirt["id"], [medium])
        self.assertEqual(self.variant_ids(left), [small])

    def test_lines_by_variant_keep_the_title_sold(self) -> None:
        shirt = self.shirt()
        [small] = self.variant_ids(shirt)
        order = self.app.orders.create(customer_email="b@example.com", lines=[{"variant_id": small, "quantity": 1}])
        self.assertEqual(order["lines"][0]["title"], "Shirt / S")
        shopfront = storefront(cart_token(self.shop.store_id))
        cart = shopfront.cart.create(lines=[{"variant_id": small, "quantity": 1}])
        self.assertEqual(cart["totalQuantity"], 1)
        with self.assertRaises(TypeError):
            self.app.orders.create(customer_email="b@example.com", lines=[{"quantity": 1}])
        # (v1.4) short stock names the variant as well as its product, in checkout and orders.create
        with self.assertRaises(OutOfStockError) as short:
            self.app.orders.create(customer_email="b@example.com", lines=[{"variant_id": small, "quantity": 5}])
        self.assertEqual((short.exception.product_ids, short.exception.variant_ids), ([shirt["id"]], [small]))
        shopfront.cart.set_buyer(cart["id"], "b@example.com")
        shopfront.cart.update(cart["id"], [{"variant_id": small, "quantity": 5}])
        with self.assertRaises(OutOfStockError) as short_cart:
            shopfront.checkout(cart["id"])
        self.assertEqual((short_cart.exception.product_ids, short_cart.exception.variant_ids), ([shirt["id"]], [small]))

    def test_cart_remove_by_variant_and_by_product(self) -> None:
        shirt = self.app.products.create(
            handle=unique("tee"),
            title="Tee",
            currency_code="EUR",
            options=[{"name": "Size", "values": ["S", "M"]}],
            variants=[
                {"selectedOptions": [{"name": "Size", "value": "S"}], "price": "10.00", "inventory": 5},
                {"selectedOptions": [{"name": "Size", "value": "M"}], "price": "11.00", "inventory": 5},
            ],
        )
        small, medium = self.variant_ids(shirt)
        sock = self.app.products.create(
            handle=unique("sock"), title="Sock", price="2.00", currency_code="EUR", inventory=5
        )
        shopfront = storefront(cart_token(self.shop.store_id))
        lines: list[CartLineInput] = [
            {"variant_id": small, "quantity": 1},
            {"variant_id": medium, "quantity": 2},
            {"product_id": sock["id"], "quantity": 1},
        ]

        def titles(cart: Cart) -> list[tuple[str, int]]:
            return [(line["variant"]["title"] if line["variant"] else "?", line["quantity"]) for line in cart["lines"]]

        cart = shopfront.cart.create(lines=lines)
        self.assertEqual(titles(cart), [("S", 1), ("M", 2), ("Default Title", 1)])
        self.assertEqual(cart["lines"][1]["variant"], {"id": medium, "title": "M", "sku": None})
        # (v1.4) a variant id removes that variant's line only; an unknown id is ignored
        cart = shopfront.cart.remove(cart["id"], variant_ids=[medium, "00000000-0000-4000-8000-000000000009"])
        self.assertEqual(titles(cart), [("S", 1), ("Default Title", 1)])
        # the v1.3 call, a list of product ids, still works
        cart = shopfront.cart.remove(cart["id"], [sock["id"]])
        self.assertEqual(titles(cart), [("S", 1)])
        # a product id removes every line of that product; both lists in one call
        cart = shopfront.cart.add(cart["id"], [{"variant_id": medium, "quantity": 1}, {"product_id": sock["id"], "quantity": 1}])
        self.assertEqual(len(cart["lines"]), 3)
        cart = shopfront.cart.remove(cart["id"], product_ids=[shirt["id"]], variant_ids=[])
        self.assertEqual(titles(cart), [("Default Title", 1)])
        with self.assertRaises(TypeError):
            shopfront.cart.remove(cart["id"], variant_ids=medium)  # a string, not a list
        cart = shopfront.cart.remove(cart["id"], product_ids=[], variant_ids=self.variant_ids(sock))
        self.assertEqual(cart["lines"], [])

    def test_a_deleted_products_line_keeps_its_title_and_orders_are_marked_paid(self) -> None:
        shirt = self.shirt()
        [small] = self.variant_ids(shirt)
        pending = self.app.orders.create(
            customer_email="p@example.com", lines=[{"variant_id": small, "quantity": 1}], payment_status="pending"
        )
        self.assertEqual((pending["paymentStatus"], pending["paidAt"]), ("pending", None))
        paid = self.app.orders.mark_paid(pending["id"])
        self.assertEqual(paid["paymentStatus"], "paid")
        self.assertIsNotNone(paid["paidAt"])
        # again: unchanged
        self.assertEqual(self.app.orders.mark_paid(pending["id"])["paidAt"], paid["paidAt"])
        self.assertEqual(
            self.app.orders.create(customer_email="q@example.com", lines=[{"variant_id": small, "quantity": 1}])[
                "paymentStatus"
            ],
            "paid",
        )
        cancelled = self.app.orders.create(
            customer_email="r@example.com", lines=[{"product_id": self.plain()["id"], "quantity": 1}], payment_status="pending"
        )
        self.app.orders.cancel(cancelled["id"])
        with self.assertRaises(GraphQLError) as refused:
            self.app.orders.mark_paid(cancelled["id"])
        self.assertEqual(refused.exception.errors[0]["extensions"]["reason"], "order_status_conflict")

        self.assertEqual(pending["lines"][0]["product"], {"id": shirt["id"], "handle": shirt["handle"], "title": "Shirt"})
        sku = pending["lines"][0]["sku"]
        self.assertTrue(sku and sku.startswith("S-"))
        self.app.products.delete(shirt["id"])
        again = self.app.orders.get(pending["id"])
        assert again is not None
        line = again["lines"][0]
        # (v1.4) the product is gone: the line keeps what it was sold as
        self.assertIsNone(line["product"])
        self.assertEqual((line["title"], line["sku"], line["unitPrice"]), ("Shirt / S", sku, {"amount": "10.00", "currencyCode": "EUR"}))

    def plain(self) -> Product:
        return self.app.products.create(handle=unique("mug"), title="Mug", price="3.00", currency_code="EUR", inventory=4)
