"""The access token of AppClient against the real server: one token request however many threads
wait, renewal before expiry (never after a 401 in the ordinary course), at most one token per half
lifetime, the single 401 replay, a failed renewal that keeps the current token, revoke()."""

from __future__ import annotations

import time
import unittest

from storefront_platform import APITimeoutError, ApiError, AppClient, OAuthError, StorefrontError

from support import (
    DROP,
    GRAPHQL,
    HANG,
    REVOKE,
    STORE,
    TOKEN,
    Account,
    Answer,
    RecordingProxy,
    app_token_ttl,
    env,
    new_app,
    raw,
    run_threads,
)


class TokenTests(unittest.TestCase):
    def setUp(self) -> None:
        self.base_url = env("SF_BASE_URL")

    def proxy(self, **kwargs: object) -> RecordingProxy:
        proxy = RecordingProxy(self.base_url, **kwargs)  # type: ignore[arg-type]
        self.addCleanup(proxy.stop)
        return proxy

    def test_one_token_request_for_50_threads_calling_at_once(self) -> None:
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url)
        stores = run_threads(50, lambda _: client.store())
        self.assertEqual([s["id"] if isinstance(s, dict) else s for s in stores], [shop.store_id] * 50)
        self.assertEqual(proxy.count(STORE), 50)
        # One token request for all fifty; a second one only if the burst outlasted half the token's
        # lifetime (on a loaded machine), which is the renewal, not a second flight.
        tokens = proxy.on(TOKEN)
        early = [t for t in tokens if t.at - tokens[0].at < app_token_ttl() / 2 - 0.05]
        self.assertEqual(len(early), 1, proxy.timeline())
        if len(tokens) == 1:
            self.assertEqual(len({c.headers["authorization"] for c in proxy.on(STORE)}), 1)

    def test_renews_before_expiry_one_token_per_half_lifetime_and_the_server_never_answers_401(self) -> None:
        ttl = app_token_ttl()
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url)
        started = time.monotonic()
        while time.monotonic() - started < ttl * 1.75:
            self.assertEqual(client.store()["id"], shop.store_id)
            time.sleep(0.2)
        self.assertEqual([c.status for c in proxy.calls if c.status is not None and c.status >= 400], [])
        tokens = proxy.on(TOKEN)
        # 7 s with a 4 s lifetime, renewed at half (2 s): 4 tokens, never two within a half lifetime.
        self.assertGreaterEqual(len(tokens), 3)
        self.assertLessEqual(len(tokens), 5)
        gaps = [b.at - a.at for a, b in zip(tokens, tokens[1:])]
        self.assertTrue(all(gap >= ttl / 2 - 0.05 for gap in gaps), gaps)

    def test_short_lifetimes_too_at_most_one_token_per_half_lifetime(self) -> None:
        issued = []

        def stub(call: object, n: int) -> Answer:
            path = getattr(call, "path")
            if path == TOKEN:
                issued.append(time.monotonic())
                return Answer(200, {"access_token": f"token-{len(issued)}", "token_type": "Bearer", "expires_in": 1})
            return Answer(200, {"id": "s", "name": "Stub"}, {"X-Request-Id": f"req-{n}"})

        stub_server = RecordingProxy(None, inject=stub)
        self.addCleanup(stub_server.stop)
        client = AppClient(base_url=stub_server.url, client_id="sfc_stub", client_secret="sfs_stub")
        deadline = time.monotonic() + 2.2

        def hammer(_: int) -> int:
            calls = 0
            while time.monotonic() < deadline:
                client.store()
                calls += 1
            return calls

        calls = run_threads(10, hammer)
        self.assertTrue(all(isinstance(c, int) and c > 0 for c in calls), calls)
        # A 1 s lifetime: renewed after 0.5 s, so at most ~5 tokens in 2.2 s however many calls.
        self.assertLessEqual(len(issued), 6)
        self.assertGreaterEqual(len(issued), 3)
        gaps = [b - a for a, b in zip(issued, issued[1:])]
        self.assertTrue(all(gap >= 0.4 for gap in gaps), gaps)

    def test_after_a_server_side_revocation_20_threads_make_one_token_request_and_all_succeed(self) -> None:
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url)
        token = client.get_access_token()
        status, _, _ = raw(
            "POST",
            self.base_url + REVOKE,
            {"token": token, "client_id": shop.client_id, "client_secret": shop.client_secret},
        )
        self.assertEqual(status, 200)
        before = proxy.count(TOKEN)
        results = run_threads(20, lambda _: client.store())
        self.assertTrue(all(isinstance(r, dict) and r["id"] == shop.store_id for r in results), results)
        self.assertEqual(proxy.count(TOKEN) - before, 1, proxy.timeline())
        statuses = sorted(c.status or 0 for c in proxy.on(STORE))
        self.assertEqual(statuses, [200] * 20 + [401] * 20)
        # The same through GraphQL, whose refusal is a GraphQL answer with HTTP 401.
        raw(
            "POST",
            self.base_url + REVOKE,
            {"token": client.get_access_token(), "client_id": shop.client_id, "client_secret": shop.client_secret},
        )
        self.assertIn("edges", client.products.list(first=1))
        self.assertEqual([c.status for c in proxy.on(GRAPHQL)], [401, 200])

    def test_a_401_is_replayed_once_with_a_fresh_token_and_a_second_401_raises(self) -> None:
        refused = {"left": 2}

        def inject(call: object, n: int) -> object:
            if getattr(call, "path") == STORE and refused["left"] > 0:
                refused["left"] -= 1
                return Answer(
                    401,
                    {"status": 401, "code": "invalid_token", "detail": "The token is not valid."},
                    {"Content-Type": "application/problem+json", "WWW-Authenticate": 'Bearer error="invalid_token"'},
                )
            return None

        proxy = self.proxy(inject=inject)
        client = new_app().client(proxy.url)
        with self.assertRaises(ApiError) as raised:
            client.store()
        self.assertEqual(raised.exception.status, 401)
        self.assertEqual(raised.exception.code, "invalid_token")
        self.assertEqual(proxy.count(STORE), 2)
        self.assertEqual(proxy.count(TOKEN), 2)
        self.assertIsNone(raised.exception.__context__)  # the replay's error, not a chain of both
        # One refusal only: replayed with a fresh token, and it works.
        refused["left"] = 1
        self.assertTrue(client.store()["id"])
        self.assertEqual(proxy.count(TOKEN), 3)

    def test_after_a_secret_rotation_20_threads_get_oauth_error_invalid_client_from_one_token_request(self) -> None:
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url)
        client.store()
        Account().rotate_app_secret(str(shop.app["id"]))
        before = proxy.count(TOKEN)
        results = run_threads(20, lambda _: client.store())
        for error in results:
            self.assertIsInstance(error, OAuthError)
            self.assertIsInstance(error, StorefrontError)
            self.assertEqual(error.error, "invalid_client")
            self.assertEqual(error.status, 401)
        self.assertEqual(proxy.count(TOKEN) - before, 1, proxy.timeline())

    def test_a_failed_renewal_keeps_the_current_token_while_it_is_valid(self) -> None:
        ttl = app_token_ttl()
        token_down = {"on": False}
        proxy = self.proxy(inject=lambda call, n: DROP if call.path == TOKEN and token_down["on"] else None)
        client = new_app().client(proxy.url, max_retries=0)
        first = client.get_access_token()
        # Renewal starts at half the lifetime; from then on the token endpoint drops every connection
        # (the token is sent until 1 s before its end).
        time.sleep(ttl / 2 + 0.1)
        token_down["on"] = True
        started = time.monotonic()
        while time.monotonic() - started < 0.6:
            self.assertTrue(client.store()["id"])
            time.sleep(0.1)
        self.assertTrue(all(c.headers["authorization"] == f"Bearer {first}" for c in proxy.on(STORE)))
        self.assertGreaterEqual(proxy.count(TOKEN), 2)
        # Once it is back, the next renewal (after the one-second hold of the failure) replaces it.
        token_down["on"] = False
        time.sleep(1.0)
        client.store()
        time.sleep(0.3)
        self.assertNotEqual(client.get_access_token(), first)
        self.assertEqual([c.status for c in proxy.calls if c.status and c.status >= 400], [])

    def test_a_waiting_caller_s_timeout_ends_its_wait_not_the_shared_request(self) -> None:
        hanging = {"on": True}
        proxy = self.proxy(inject=lambda call, n: HANG if call.path == TOKEN and hanging["on"] else None)
        client = new_app().client(proxy.url, timeout=1.5, max_retries=0)
        started = time.monotonic()
        with self.assertRaises(APITimeoutError) as raised:
            client.get_access_token(timeout=0.3)
        self.assertIsInstance(raised.exception, TimeoutError)
        self.assertLess(time.monotonic() - started, 1.0)
        hanging["on"] = False
        # The shared request ends by its own timeout (1.5 s); its failure is held for a second.
        time.sleep(1.5 + 1.1)
        self.assertTrue(client.store()["id"])

    def test_revoke_kills_the_token_on_the_server_and_the_next_call_fetches_a_new_one(self) -> None:
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url)
        old = client.get_access_token()
        done = client.revoke()
        self.assertEqual(done, {})
        self.assertRegex(getattr(done, "request_id"), r"\S")
        status, _, _ = raw("GET", self.base_url + STORE, token=old)
        self.assertEqual(status, 401)
        self.assertEqual(client.store()["id"], shop.store_id)
        self.assertEqual(proxy.count(TOKEN), 2)
        revoke = proxy.on(REVOKE)
        self.assertEqual(len(revoke), 1)
        self.assertTrue(revoke[0].headers["authorization"].startswith("Basic "))
        # Nothing to revoke: no request.
        fresh = shop.client(proxy.url)
        self.assertIsNone(getattr(fresh.revoke(), "request_id"))
        self.assertEqual(len(proxy.on(REVOKE)), 1)

    def test_scope_narrows_the_token(self) -> None:
        shop = new_app()
        proxy = self.proxy()
        client = shop.client(proxy.url, scope=["store:read"])
        self.assertEqual(client.store()["id"], shop.store_id)
        self.assertIn(b"scope=store%3Aread", proxy.on(TOKEN)[0].body)
        with self.assertRaises(StorefrontError) as raised:
            client.products.list()
        self.assertIn("FORBIDDEN", getattr(raised.exception, "codes"))
        with self.assertRaises(OAuthError) as refused:
            shop.client(proxy.url, scope="store:read not:a-scope").store()
        self.assertEqual(refused.exception.error, "invalid_scope")


if __name__ == "__main__":
    unittest.main()
