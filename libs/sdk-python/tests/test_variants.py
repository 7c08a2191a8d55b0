"""(v1.4) Options and variants through the Python SDK against the real server: products created with
options and variants, ``products.variants.create / update / delete``, and order and cart lines by
``variant_id`` keeping the title and SKU they were sold under."""

from __future__ import annotations

import unittest

from storefront_platform import AppClient, GraphQLError, Product

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
