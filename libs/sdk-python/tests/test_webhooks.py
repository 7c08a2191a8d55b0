"""verify_webhook: against deliveries the server really sent to a receiver here (a real endpoint
subscribed, a change made through the SDK), and against what the `standardwebhooks` npm package signs
(vectors the jest spec signed and passed in)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import unittest
from typing import Any, Dict, List, Optional

from storefront_platform import WebhookVerificationError, verify_webhook

from support import Account, WebhookReceiver, env, new_app, unique


def load_vectors() -> Dict[str, Any]:
    with open(env("SF_WEBHOOK_VECTORS"), encoding="utf-8") as file:
        vectors: Dict[str, Any] = json.load(file)
    age = time.time() - vectors["generatedAt"]
    if age > 240:
        raise AssertionError(f"the signed vectors are {age:.0f} s old: their timestamps no longer mean what the cases say")
    return vectors


def sign(secret: str, webhook_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, f"{webhook_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


class StandardWebhooksVectorTests(unittest.TestCase):
    """What the reference implementation signs, the SDK accepts — and refuses what it should."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.vectors = load_vectors()

    def test_every_signed_case(self) -> None:
        body: str = self.vectors["body"]
        for case in self.vectors["cases"]:
            with self.subTest(case["name"]):
                headers = case["headers"]
                tolerance = case.get("tolerance", 300)
                for raw_body in (body.encode("utf-8"), body):
                    if case["accept"]:
                        event = verify_webhook(raw_body, headers, case["secrets"], tolerance_seconds=tolerance)
                        self.assertEqual(event, self.vectors["event"])
                    else:
                        with self.assertRaises(WebhookVerificationError):
                            verify_webhook(raw_body, headers, case["secrets"], tolerance_seconds=tolerance)

    def fresh(self) -> Dict[str, str]:
        return dict(next(c for c in self.vectors["cases"] if c["name"] == "fresh, one signature")["headers"])

    def test_header_names_in_any_case_and_message_objects(self) -> None:
        body = self.vectors["body"].encode()
        upper = {k.upper(): v for k, v in self.fresh().items()}
        self.assertEqual(verify_webhook(body, upper, self.vectors["secret"])["id"], self.vectors["event"]["id"])
        from email.message import Message

        message = Message()
        for key, value in self.fresh().items():
            message[key.title()] = value
        self.assertEqual(verify_webhook(body, message, self.vectors["secret"])["type"], "product.created")

    def test_the_secret_with_or_without_its_prefix(self) -> None:
        body = self.vectors["body"].encode()
        self.assertTrue(verify_webhook(body, self.fresh(), self.vectors["bareSecret"]))

    def test_refuses_a_changed_body_or_id_and_missing_or_bad_headers(self) -> None:
        body = self.vectors["body"].encode()
        secret = self.vectors["secret"]
        headers = self.fresh()
        refusals: List[tuple[bytes, Dict[str, str]]] = [
            (body.replace(b"Tea", b"Tee"), headers),
            (body + b" ", headers),
            (body, {**headers, "webhook-id": "another"}),
            (body, {**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) + 1)}),
            (body, {**headers, "webhook-timestamp": f"{headers['webhook-timestamp']}.0"}),
            (body, {**headers, "webhook-timestamp": "-1"}),
            (body, {**headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,")}),
            (body, {**headers, "webhook-signature": "v1,"}),
            (body, {**headers, "webhook-signature": "v1,ÿÿÿ"}),
            (body, {"webhook-id": headers["webhook-id"]}),
            (body, {}),
        ]
        for raw_body, bad in refusals:
            with self.subTest(bad=bad, changed=raw_body != body):
                with self.assertRaises(WebhookVerificationError):
                    verify_webhook(raw_body, bad, secret)

    def test_a_body_that_is_not_a_json_object_is_refused_even_when_signed(self) -> None:
        secret = self.vectors["secret"]
        now = int(time.time())
        for body in (b"[1,2]", b"not json", b'"text"'):
            headers = {"webhook-id": "msg_1", "webhook-timestamp": str(now), "webhook-signature": sign(secret, "msg_1", now, body)}
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(body, headers, secret)

    def test_a_nan_or_infinite_or_negative_tolerance_accepts_nothing(self) -> None:
        body = self.vectors["body"].encode()
        stale = next(c for c in self.vectors["cases"] if c["name"] == "signed 1000 s ago")["headers"]
        for tolerance in (float("nan"), float("inf"), -1, -0.5):
            for headers in (stale, self.fresh()):
                with self.subTest(tolerance=tolerance), self.assertRaises(ValueError):
                    verify_webhook(body, headers, self.vectors["secret"], tolerance_seconds=tolerance)
        with self.assertRaises(TypeError):
            verify_webhook(body, self.fresh(), self.vectors["secret"], tolerance_seconds="300")  # type: ignore[arg-type]

    def test_none_or_malformed_entries_do_not_stop_a_valid_secret_but_no_usable_secret_is_an_error(self) -> None:
        body = self.vectors["body"].encode()
        secret = self.vectors["secret"]
        other = self.vectors["other"]
        for secrets in ([None, secret], [other, None, secret], ["whsec_!!not-base64!!", secret], ("whsec_", secret)):
            with self.subTest(secrets=secrets):
                self.assertEqual(verify_webhook(body, self.fresh(), secrets)["id"], self.vectors["event"]["id"])
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(body, self.fresh(), [None, other])
        for nothing in (None, [], [None], [None, None], "", "whsec_", ["whsec_***"]):
            with self.subTest(secrets=nothing), self.assertRaises(ValueError):
                verify_webhook(body, self.fresh(), nothing)
        with self.assertRaises(TypeError):
            verify_webhook(body, self.fresh(), [secret.encode()])  # type: ignore[list-item]


class ServerDeliveryTests(unittest.TestCase):
    """Deliveries the server really sent: a receiver here, an endpoint subscribed to it, a change made
    through the SDK."""

    def test_verifies_what_the_server_delivered_also_with_both_secrets_after_a_rotation(self) -> None:
        receiver = WebhookReceiver()
        self.addCleanup(receiver.stop)
        shop = new_app()
        account = Account()
        hook = account.create_webhook(shop.store_id, receiver.url, ["product.created", "product.updated"])
        secret = str(hook["secret"])
        client = shop.client()
        product = client.products.create(handle=unique("hooked"), title="Hooked “tea” ☕", price="4.20", currency_code="EUR", inventory=3)

        def created(deliveries: List[Any]) -> bool:
            return any(json.loads(d.body)["data"].get("id") == product["id"] for d in deliveries)

        delivery = next(d for d in receiver.wait_for(created) if json.loads(d.body)["data"]["id"] == product["id"])
        self.assertEqual(delivery.headers["user-agent"], "Storefront-Webhooks/1")
        # The raw headers as http.server gives them (any case), and a plain dict of them: both work.
        for headers in (delivery.raw_headers, delivery.headers):
            event = verify_webhook(delivery.body, headers, secret)
            self.assertEqual(event["type"], "product.created")
            self.assertEqual(event["id"], delivery.headers["webhook-id"])
            self.assertEqual(event["storeId"], shop.store_id)
            self.assertEqual(event["actor"]["type"], "app")
            self.assertEqual(event["data"]["title"], "Hooked “tea” ☕")
            self.assertEqual(event["data"]["price"], {"amount": "4.20", "currencyCode": "EUR"})
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(delivery.body, delivery.headers, "whsec_" + base64.b64encode(b"x" * 32).decode())
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(delivery.body.replace(b"4.20", b"0.01"), delivery.headers, secret)

        # After a rotation each delivery carries a signature per live secret: either secret verifies
        # it, and a list with an unset (None) entry still does.
        new_secret = account.rotate_webhook_secret(shop.store_id, str(hook["id"]))
        updated = client.products.update(product["id"], title="Rotated")

        def renamed(deliveries: List[Any]) -> bool:
            return any(json.loads(d.body)["type"] == "product.updated" for d in deliveries)

        after = next(d for d in receiver.wait_for(renamed) if json.loads(d.body)["type"] == "product.updated")
        self.assertEqual(len(after.headers["webhook-signature"].split()), 2)
        unset: Optional[str] = None
        for secrets in (secret, new_secret, [new_secret, secret], [unset, new_secret], [new_secret, unset]):
            with self.subTest(secrets=secrets):
                event = verify_webhook(after.body, after.headers, secrets)
                self.assertEqual(event["data"]["title"], updated["title"])
        # The same genuine delivery, presented again later, is refused outside the tolerance.
        while time.time() - int(after.headers["webhook-timestamp"]) <= 2:
            time.sleep(0.2)
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(after.body, after.headers, new_secret, tolerance_seconds=1)
        self.assertTrue(verify_webhook(after.body, after.headers, new_secret, tolerance_seconds=300))


if __name__ == "__main__":
    unittest.main()
