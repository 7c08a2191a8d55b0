"""InstalledAppClient: the authorization request of an installable app (OAuth 2.0 authorization code
with PKCE S256, RFC 7636), built without a request; then, against the real server, the whole
installation — an app registered through the account API, the authorize redirect, the consent as the
console sends it, the code exchange — and the client's rotating refresh tokens, each handed to
``on_refresh_token`` before anything uses what came with it."""

from __future__ import annotations

import base64
import hashlib
import inspect
import pickle
import re
import time
import unittest
import urllib.parse
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from storefront_platform import (
    AuthorizationRequest,
    GraphQLError,
    InstalledAppClient,
    OAuthError,
    StorefrontError,
)
from storefront_platform._installed_app_client import code_challenge

from support import (
    LOSE_ANSWER,
    REVOKE,
    STORE,
    TOKEN,
    Account,
    Call,
    RecordingProxy,
    app_token_ttl,
    env,
    problem,
    query_of,
    raw,
    redirect_of,
    run_threads,
    unique,
)

EVERY_SCOPE = ["store:read", "products:read", "products:write", "orders:read", "orders:write"]
#: A loopback redirect URI (RFC 8252), which the service allows over http.
REDIRECT_URI = "http://127.0.0.1/storefront/callback"

UNRESERVED = re.compile(r"^[A-Za-z0-9\-._~]{43,128}$")


class AuthorizeUrlTests(unittest.TestCase):
    def test_the_request_pkce_s256_and_a_generated_state(self) -> None:
        request = InstalledAppClient.authorize_url(
            base_url="https://api.example.com/",
            client_id="sfc_abc",
            redirect_uri="https://app.example.com/storefront/callback?x=1",
            scope=["products:read", "orders:write"],
        )
        self.assertIsInstance(request, AuthorizationRequest)
        url, verifier, state = request  # unpacks as a tuple, as the contract shows
        parts = urllib.parse.urlsplit(url)
        self.assertEqual((parts.scheme, parts.netloc, parts.path), ("https", "api.example.com", "/v1/auth/oauth/authorize"))
        query = urllib.parse.parse_qs(parts.query, strict_parsing=True)
        self.assertEqual({k: len(v) for k, v in query.items()}, {k: 1 for k in query})  # nothing repeated
        params = {k: v[0] for k, v in query.items()}
        self.assertEqual(
            params,
            {
                "response_type": "code",
                "client_id": "sfc_abc",
                "redirect_uri": "https://app.example.com/storefront/callback?x=1",
                "scope": "products:read orders:write",
                "state": state,
                "code_challenge": params["code_challenge"],
                "code_challenge_method": "S256",
            },
        )
        self.assertIn("scope=products%3Aread%20orders%3Awrite", parts.query)
        self.assertRegex(verifier, UNRESERVED)
        expected = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
        self.assertEqual(params["code_challenge"], expected)
        self.assertGreaterEqual(len(state), 32)
        self.assertEqual((request.url, request.code_verifier, request.state), (url, verifier, state))
        self.assertNotIn(verifier, repr(request))
        self.assertNotIn(verifier, url)

    def test_fresh_values_every_time_and_a_given_state_kept(self) -> None:
        made = [
            InstalledAppClient.authorize_url(base_url="http://127.0.0.1:3000", client_id="sfc_a", redirect_uri="http://localhost:8080/cb")
            for _ in range(20)
        ]
        self.assertEqual(len({m.code_verifier for m in made}), 20)
        self.assertEqual(len({m.state for m in made}), 20)
        kept = InstalledAppClient.authorize_url(
            base_url="http://127.0.0.1:3000", client_id="sfc_a", redirect_uri="http://localhost:8080/cb", state="my state/ü"
        )
        self.assertEqual(kept.state, "my state/ü")
        self.assertEqual(urllib.parse.parse_qs(urllib.parse.urlsplit(kept.url).query)["state"], ["my state/ü"])
        # No scope: the parameter is left out (the server then asks for all the app's registered scopes).
        self.assertNotIn("scope", urllib.parse.parse_qs(urllib.parse.urlsplit(kept.url).query))
        self.assertIn("scope=store%3Aread", InstalledAppClient.authorize_url(
            base_url="http://127.0.0.1:3000", client_id="sfc_a", redirect_uri="http://localhost:8080/cb", scope="store:read"
        ).url)

    def test_the_rfc_7636_example(self) -> None:
        self.assertEqual(code_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")

    def test_bad_arguments(self) -> None:
        good = {"base_url": "https://api.example.com", "client_id": "sfc_a", "redirect_uri": "https://app.example.com/cb"}
        for change in (
            {"client_id": ""},
            {"redirect_uri": ""},
            {"redirect_uri": "/cb"},
            {"redirect_uri": "https://app.example.com/cb#fragment"},
            {"redirect_uri": "javascript:alert(1)"},
            {"state": ""},
            {"scope": ["store:read", ""]},
        ):
            with self.subTest(change=change), self.assertRaises(ValueError):
                InstalledAppClient.authorize_url(**{**good, **change})  # type: ignore[arg-type]
        # By position too, in §16's order (base_url, client_id, redirect_uri, scope, state).
        positional = InstalledAppClient.authorize_url("https://api.example.com", "sfc_a", "https://app.example.com/cb", "store:read", "s")
        self.assertEqual(positional.state, "s")
        self.assertIn("scope=store%3Aread", positional.url)



class Boom(Exception):
    """What a failing ``on_refresh_token`` raises (a database that is down, say)."""


@dataclass
class Saved:
    """An ``on_refresh_token`` that keeps every token it is handed, with when."""

    tokens: List[str] = field(default_factory=list, repr=False)
    at: List[float] = field(default_factory=list, repr=False)
    fail: int = 0

    def __call__(self, token: str) -> None:
        if self.fail > 0:
            self.fail -= 1
            raise Boom("could not store the refresh token")
        self.tokens.append(token)
        self.at.append(time.monotonic())


@dataclass
class Installed:
    client: InstalledAppClient
    saved: Saved
    app: Dict[str, Any]
    store_id: str
    request: AuthorizationRequest
    code: str

    def again(self, base_url: Optional[str] = None, refresh_token: Optional[str] = None, saved: Optional[Saved] = None) -> InstalledAppClient:
        """A client of the same installation from a stored refresh token (another process)."""
        return InstalledAppClient(
            base_url=base_url or env("SF_BASE_URL"),
            client_id=self.app["clientId"],
            client_secret=self.app["clientSecret"],
            refresh_token=refresh_token or self.client.refresh_token,
            on_refresh_token=saved if saved is not None else Saved(),
        )


def bearer(call: Call) -> Optional[str]:
    value = call.headers.get("authorization", "")
    return value[len("Bearer ") :] if value.startswith("Bearer ") else None


def form_of(call: Call) -> Dict[str, str]:
    return dict(urllib.parse.parse_qsl(call.body.decode()))


class InstallationTests(unittest.TestCase):
    """The installation flow and the installed app's client, against the real server."""

    def setUp(self) -> None:
        self.base_url = env("SF_BASE_URL")
        self.account = Account()
        self.store_id = env("SF_STORE_ID")

    def proxy(self) -> RecordingProxy:
        proxy = RecordingProxy(self.base_url)
        self.addCleanup(proxy.stop)
        return proxy

    def exchange_args(
        self, app: Dict[str, Any], request: AuthorizationRequest, code: str, base_url: Optional[str] = None
    ) -> Dict[str, Any]:
        """exchange_code's arguments for a ``code`` that came back to REDIRECT_URI, all but the callback."""
        return dict(
            base_url=base_url or self.base_url,
            client_id=app["clientId"],
            client_secret=app["clientSecret"],
            code=code,
            redirect_uri=REDIRECT_URI,
            code_verifier=request.code_verifier,
        )

    def install(self, scopes: Sequence[str] = tuple(EVERY_SCOPE), base_url: Optional[str] = None, saved: Optional[Saved] = None) -> Installed:
        """Registers an app, sends the "browser" through the authorize redirect and the consent, and
        exchanges the code: what an installable app and a merchant do."""
        app = self.account.register_app([REDIRECT_URI], list(scopes))
        self.assertTrue(app["clientSecret"].startswith("sfs_"))
        request = InstalledAppClient.authorize_url(
            base_url=self.base_url, client_id=app["clientId"], redirect_uri=REDIRECT_URI, scope=list(scopes)
        )
        status, consent_page = redirect_of(request.url)
        self.assertEqual(status, 302, consent_page)
        self.assertEqual(urllib.parse.urlsplit(consent_page).path, "/console/authorize")
        shown = query_of(consent_page)
        self.assertEqual(
            {k: shown.get(k) for k in ("client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method")},
            {
                "client_id": app["clientId"],
                "redirect_uri": REDIRECT_URI,
                "state": request.state,
                "code_challenge": code_challenge(request.code_verifier),
                "code_challenge_method": "S256",
            },
        )
        back = self.account.consent(consent_page, self.store_id)
        self.assertTrue(back.startswith(REDIRECT_URI + "?"), back)
        answer = query_of(back)
        self.assertEqual(answer["state"], request.state)
        self.assertEqual(answer["store_id"], self.store_id)
        self.assertTrue(answer["iss"])
        saved = saved if saved is not None else Saved()
        client = InstalledAppClient.exchange_code(
            **self.exchange_args(app, request, answer["code"], base_url), on_refresh_token=saved
        )
        return Installed(client, saved, app, self.store_id, request, answer["code"])

    def test_the_whole_installation_then_the_app_acts_for_the_store(self) -> None:
        proxy = self.proxy()
        installed = self.install(base_url=proxy.url)
        client, saved, request = installed.client, installed.saved, installed.request
        self.assertIsInstance(client, InstalledAppClient)
        # The first refresh token was handed over before exchange_code returned.
        self.assertEqual(len(saved.tokens), 1)
        self.assertEqual(client.refresh_token, saved.tokens[0])

        exchange = proxy.on(TOKEN)[-1]
        sent = form_of(exchange)
        self.assertEqual(
            sent,
            {"grant_type": "authorization_code", "code": installed.code, "redirect_uri": REDIRECT_URI, "code_verifier": request.code_verifier},
        )
        self.assertTrue(exchange.headers["authorization"].startswith("Basic "))  # client_secret_basic
        answer = exchange.answer_json()
        self.assertEqual(answer["refresh_token"], saved.tokens[0])
        self.assertEqual(answer["store_id"], self.store_id)

        # The client starts with the exchange's access token: no token request before the first call.
        before = proxy.count(TOKEN)
        self.assertEqual(client.store()["id"], self.store_id)
        self.assertEqual(proxy.count(TOKEN), before)
        self.assertEqual(bearer(proxy.on(STORE)[-1]), answer["access_token"])
        self.assertEqual(client.get_access_token(), answer["access_token"])
        # Everything an app does, with the granted scopes.
        product = client.products.create(handle=unique("inst"), title="Installed", price="2.00", currency_code="EUR", inventory=3)
        got = client.products.get(id=product["id"])
        assert got is not None
        self.assertEqual(got["title"], "Installed")
        order = client.orders.create(customer_email="inst@example.com", lines=[{"product_id": product["id"], "quantity": 1}])
        self.assertEqual(order["source"], "app")
        self.assertEqual(client.orders.fulfil(order["id"])["status"], "fulfilled")
        self.assertIn(product["id"], [p["id"] for p in client.products.iterate()])
        self.assertEqual(client.graphql("{ store { id } }")["store"]["id"], self.store_id)
        # The installation the token belongs to.
        status, installation, _ = raw("GET", self.base_url + "/v1/app/installation", token=client.get_access_token())
        self.assertEqual(status, 200, installation)
        self.assertEqual((installation["appId"], installation["storeId"]), (installed.app["id"], self.store_id))
        # The store sees the installation.
        listed = self.account.call("GET", f"/v1/user/stores/{self.store_id}/installations")
        self.assertIn(installation["id"], [i["id"] for i in listed])

        # No scope asked: the consent page is asked for every scope the app registered.
        bare = InstalledAppClient.authorize_url(base_url=self.base_url, client_id=installed.app["clientId"], redirect_uri=REDIRECT_URI)
        self.assertNotIn("scope", query_of(bare.url))
        status, consent_page = redirect_of(bare.url)
        self.assertEqual(status, 302, consent_page)
        self.assertEqual(query_of(consent_page)["state"], bare.state)

    def test_granted_scopes_bound_the_token(self) -> None:
        installed = self.install(scopes=["store:read", "products:read"])
        self.assertEqual(installed.client.store()["id"], self.store_id)
        installed.client.products.list(first=1)
        with self.assertRaises(GraphQLError) as refused:
            installed.client.products.create(handle=unique("no"), title="No", price="1.00", currency_code="EUR", inventory=1)
        self.assertIn("FORBIDDEN", refused.exception.codes)

    def test_renewal_rotates_and_hands_over_the_new_refresh_token_before_using_the_new_access_token(self) -> None:
        proxy = self.proxy()
        installed = self.install(base_url=proxy.url)
        client, saved = installed.client, installed.saved
        ttl = app_token_ttl()
        started = time.monotonic()
        # Calls for 1.75 lifetimes: renewed (in the background) once half of each lifetime has passed.
        while time.monotonic() - started < ttl * 1.75:
            self.assertEqual(client.store()["id"], self.store_id)
            time.sleep(0.1)
        self.assertEqual([c.status for c in proxy.calls if c.status is not None and c.status >= 400], [], proxy.timeline())
        grants = [c for c in proxy.on(TOKEN) if form_of(c).get("grant_type") == "refresh_token"]
        self.assertGreaterEqual(len(grants), 2, proxy.timeline())
        self.assertEqual(len(saved.tokens), len(grants) + 1)  # the exchange's, then one per renewal
        self.assertEqual(len(set(saved.tokens)), len(saved.tokens))  # rotated every time
        self.assertEqual(client.refresh_token, saved.tokens[-1])
        for i, grant in enumerate(grants):
            # Each renewal presents the refresh token last handed over, and hands over the new one...
            self.assertEqual(form_of(grant)["refresh_token"], saved.tokens[i])
            answer = grant.answer_json()
            self.assertEqual(answer["refresh_token"], saved.tokens[i + 1])
            # ...before any request carries the access token that came with it.
            users = [c for c in proxy.calls if bearer(c) == answer["access_token"]]
            self.assertTrue(users, proxy.timeline())
            self.assertLess(saved.at[i + 1], users[0].at)
        # Renewal happens before expiry: never two token requests within half a lifetime.
        gaps = [b.at - a.at for a, b in zip(grants, grants[1:])]
        self.assertTrue(all(gap >= ttl / 2 - 0.05 for gap in gaps), gaps)

        # A refresh token whose replacement has been used is reuse: the service ends the grant.
        status, body, _ = raw(
            "POST",
            self.base_url + TOKEN,
            {"grant_type": "refresh_token", "refresh_token": saved.tokens[0], "client_id": installed.app["clientId"], "client_secret": installed.app["clientSecret"]},
        )
        self.assertEqual((status, body.get("error")), (400, "invalid_grant"))
        with self.assertRaises(OAuthError) as ended:
            # Its access token is refused (401), and the replay's renewal too: the grant is over.
            client.store()
        self.assertEqual(ended.exception.error, "invalid_grant")

    def test_a_failing_callback_keeps_the_previous_refresh_token_and_the_new_access_token_unused(self) -> None:
        installed = self.install()
        first = installed.client.refresh_token
        proxy = self.proxy()
        saved = Saved(fail=1)
        client = installed.again(base_url=proxy.url, saved=saved)
        with self.assertRaises(Boom):
            client.store()  # no access token yet: it waits for the renewal, whose callback raised
        self.assertEqual(client.refresh_token, first)
        self.assertEqual(proxy.count(STORE), 0)
        refused = proxy.on(TOKEN)[-1].answer_json()
        self.assertNotEqual(refused["refresh_token"], first)
        self.assertFalse([c for c in proxy.calls if bearer(c) == refused["access_token"]])
        # Once the callback works again (a renewal that failed is tried again a second later), the
        # previous refresh token still renews: its replacement was never used.
        time.sleep(1.1)
        self.assertEqual(client.store()["id"], self.store_id)
        self.assertEqual(len(saved.tokens), 1)
        self.assertNotIn(saved.tokens[0], (first, refused["refresh_token"]))
        self.assertEqual(client.refresh_token, saved.tokens[0])
        grant = proxy.on(TOKEN)[-1]
        self.assertEqual(form_of(grant)["refresh_token"], first)
        self.assertEqual(bearer(proxy.on(STORE)[-1]), grant.answer_json()["access_token"])

    def test_one_token_request_however_many_threads_wait(self) -> None:
        installed = self.install()
        proxy = self.proxy()
        saved = Saved()
        client = installed.again(base_url=proxy.url, saved=saved)
        results = run_threads(20, lambda _: client.store())
        self.assertTrue(all(isinstance(r, dict) and r["id"] == self.store_id for r in results), results)
        self.assertEqual(proxy.count(TOKEN), 1, proxy.timeline())
        self.assertEqual(len(saved.tokens), 1)
        self.assertEqual(len({c.headers["authorization"] for c in proxy.on(STORE)}), 1)

    def test_a_revoked_access_token_gets_one_renewal_and_the_call_is_replayed_once(self) -> None:
        installed = self.install()
        proxy = self.proxy()
        client = installed.again(base_url=proxy.url, saved=installed.saved)
        client.store()
        token = client.get_access_token()
        status, _, _ = raw(
            "POST",
            self.base_url + REVOKE,
            {"token": token, "client_id": installed.app["clientId"], "client_secret": installed.app["clientSecret"]},
        )
        self.assertEqual(status, 200)
        renewals = proxy.count(TOKEN)
        self.assertEqual(client.store()["id"], self.store_id)
        self.assertEqual(proxy.count(TOKEN) - renewals, 1)
        self.assertEqual([c.status for c in proxy.on(STORE)][-2:], [401, 200])
        self.assertEqual(client.refresh_token, installed.saved.tokens[-1])
        # revoke() revokes the current access token; the next call renews (and rotates) again.
        client.revoke()
        self.assertEqual(client.store()["id"], self.store_id)
        self.assertEqual(client.refresh_token, installed.saved.tokens[-1])

    def test_a_renewal_whose_answer_is_lost_is_retried_with_the_same_refresh_token(self) -> None:
        installed = self.install()
        first = installed.client.refresh_token
        lost: List[int] = []

        def lose_first_renewal(call: Call, n: int) -> Any:
            if call.path == TOKEN and not lost:
                lost.append(n)
                return LOSE_ANSWER
            return None

        proxy = RecordingProxy(self.base_url, inject=lose_first_renewal)
        self.addCleanup(proxy.stop)
        saved = Saved()
        client = installed.again(base_url=proxy.url, saved=saved, refresh_token=first)
        self.assertEqual(client.store()["id"], self.store_id)
        grants = proxy.on(TOKEN)
        self.assertEqual([form_of(g)["refresh_token"] for g in grants], [first, first])
        # The service rotated twice; only the answer that arrived was handed over.
        self.assertEqual(saved.tokens, [grants[1].answer_json()["refresh_token"]])
        self.assertNotEqual(grants[0].answer_json()["refresh_token"], saved.tokens[0])

    def test_a_503_on_a_renewal_is_retried_the_code_exchange_never_is(self) -> None:
        installed = self.install()
        proxy = RecordingProxy(self.base_url, inject=lambda call, n: problem(503) if call.path == TOKEN and n == 0 else None)
        self.addCleanup(proxy.stop)
        client = installed.again(base_url=proxy.url, saved=installed.saved)
        self.assertEqual(client.store()["id"], self.store_id)
        self.assertEqual([c.status for c in proxy.on(TOKEN)], [503, 200])

        app = self.account.register_app([REDIRECT_URI], EVERY_SCOPE)
        request = InstalledAppClient.authorize_url(base_url=self.base_url, client_id=app["clientId"], redirect_uri=REDIRECT_URI)
        back = query_of(self.account.consent(redirect_of(request.url)[1], self.store_id))
        unavailable = RecordingProxy(self.base_url, inject=lambda call, n: problem(503) if call.path == TOKEN else None)
        self.addCleanup(unavailable.stop)
        saved = Saved()
        with self.assertRaises(StorefrontError):
            InstalledAppClient.exchange_code(
                **self.exchange_args(app, request, back["code"], unavailable.url), on_refresh_token=saved
            )
        self.assertEqual(unavailable.count(TOKEN), 1)  # a code is single use: never sent twice
        self.assertEqual(saved.tokens, [])

    def test_refusals_of_the_exchange_are_oauth_errors(self) -> None:
        app = self.account.register_app([REDIRECT_URI], EVERY_SCOPE)
        request = InstalledAppClient.authorize_url(base_url=self.base_url, client_id=app["clientId"], redirect_uri=REDIRECT_URI)
        back = query_of(self.account.consent(redirect_of(request.url)[1], self.store_id))
        exchange = self.exchange_args(app, request, back["code"])
        saved = Saved()
        with self.assertRaises(OAuthError) as wrong_verifier:
            InstalledAppClient.exchange_code(**{**exchange, "code_verifier": "x" * 64}, on_refresh_token=saved)  # type: ignore[arg-type]
        self.assertEqual((wrong_verifier.exception.status, wrong_verifier.exception.error), (400, "invalid_grant"))
        self.assertEqual(saved.tokens, [])
        # The code was presented once (with a wrong verifier). Whatever the service did with it, a
        # later exchange with it is refused or works; a second one after a success is refused.
        self.assertRegex(str(wrong_verifier.exception), "invalid_grant")
        denied = query_of(self.account.consent(redirect_of(request.url)[1], self.store_id, decision="deny"))
        self.assertEqual(denied["error"], "access_denied")
        self.assertNotIn("code", denied)

        # A code presented twice: the second is invalid_grant, and the tokens of the first are dead.
        fresh = InstalledAppClient.authorize_url(base_url=self.base_url, client_id=app["clientId"], redirect_uri=REDIRECT_URI)
        code = query_of(self.account.consent(redirect_of(fresh.url)[1], self.store_id))["code"]
        again = {**exchange, "code": code, "code_verifier": fresh.code_verifier}
        client = InstalledAppClient.exchange_code(**again, on_refresh_token=saved)  # type: ignore[arg-type]
        self.assertEqual(client.store()["id"], self.store_id)
        with self.assertRaises(OAuthError) as reused:
            InstalledAppClient.exchange_code(**again, on_refresh_token=Saved())  # type: ignore[arg-type]
        self.assertEqual(reused.exception.error, "invalid_grant")
        with self.assertRaises(StorefrontError):
            client.store()

        # A callback that fails at the first refresh token: its exception, and no client.
        failing = InstalledAppClient.authorize_url(base_url=self.base_url, client_id=app["clientId"], redirect_uri=REDIRECT_URI)
        failing_code = query_of(self.account.consent(redirect_of(failing.url)[1], self.store_id))["code"]
        with self.assertRaises(Boom):
            InstalledAppClient.exchange_code(
                **{**exchange, "code": failing_code, "code_verifier": failing.code_verifier},  # type: ignore[arg-type]
                on_refresh_token=Saved(fail=1),
            )

        # A wrong secret.
        with self.assertRaises(OAuthError) as bad_client:
            InstalledAppClient.exchange_code(**{**again, "client_secret": "sfs_wrong"}, on_refresh_token=Saved())  # type: ignore[arg-type]
        self.assertEqual(bad_client.exception.error, "invalid_client")

    def test_secrets_and_tokens_stay_out_of_every_repr_and_error(self) -> None:
        installed = self.install()
        client = installed.client
        access = client.get_access_token()
        secrets = [installed.app["clientSecret"], access, client.refresh_token, installed.saved.tokens[0], installed.request.code_verifier]
        text = "\n".join([repr(client), str(client), repr(vars(client)), repr(client.products), repr(client.orders), repr(installed.request)])
        for secret in secrets:
            self.assertNotIn(secret, text)
        self.assertEqual(repr(client), f"InstalledAppClient(base_url={self.base_url!r}, client_id={installed.app['clientId']!r})")
        with self.assertRaises(TypeError):
            pickle.dumps(client)
        stale = installed.again(refresh_token="sfr_not-a-refresh-token")
        with self.assertRaises(OAuthError) as refused:
            stale.store()
        shown = "\n".join([repr(refused.exception), str(refused.exception), repr(vars(refused.exception))])
        for secret in secrets + ["sfr_not-a-refresh-token"]:
            self.assertNotIn(secret, shown)


class ArgumentTests(unittest.TestCase):
    def test_the_constructor_and_the_exchange_take_positions_or_keywords_and_check_them(self) -> None:
        good: Dict[str, Any] = {
            "base_url": "https://api.example.com",
            "client_id": "sfc_a",
            "client_secret": "sfs_b",
            "refresh_token": "sfr_c",
            "on_refresh_token": lambda token: None,
        }
        client = InstalledAppClient(**good)
        self.assertEqual(client.refresh_token, "sfr_c")
        for change, error in (
            ({"refresh_token": ""}, ValueError),
            ({"refresh_token": "sfr_secret-value\n"}, ValueError),
            ({"on_refresh_token": None}, TypeError),
            ({"base_url": "api.example.com"}, ValueError),
        ):
            with self.subTest(change=change), self.assertRaises(error) as raised:
                InstalledAppClient(**{**good, **change})
            self.assertNotIn("secret-value", str(raised.exception))
        # By position in the documented order, as well as by keyword; timeout and max_retries by keyword only.
        by_position = InstalledAppClient("https://api.example.com", "sfc_a", "sfs_b", "sfr_c", lambda t: None)
        self.assertEqual(by_position.refresh_token, "sfr_c")
        expected = {
            InstalledAppClient.exchange_code: ["base_url", "client_id", "client_secret", "code", "redirect_uri", "code_verifier", "on_refresh_token"],
            InstalledAppClient.authorize_url: ["base_url", "client_id", "redirect_uri", "scope", "state"],
        }
        for method, names in expected.items():
            parameters = [p for p in inspect.signature(method).parameters.values() if p.kind == p.POSITIONAL_OR_KEYWORD]
            self.assertEqual([p.name for p in parameters], names, method.__qualname__)
            for parameter in inspect.signature(method).parameters.values():
                if parameter.name in ("timeout", "max_retries"):
                    self.assertEqual(parameter.kind, parameter.KEYWORD_ONLY, f"{method.__qualname__}({parameter.name})")
        with self.assertRaises(TypeError):
            InstalledAppClient.exchange_code(  # type: ignore[call-arg]
                base_url="https://api.example.com", client_id="sfc_a", client_secret="sfs_b", code="c", redirect_uri=REDIRECT_URI, code_verifier="v"
            )


if __name__ == "__main__":
    unittest.main()
