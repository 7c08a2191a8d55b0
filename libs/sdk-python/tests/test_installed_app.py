"""InstalledAppClient.authorize_url: the authorization request of an installable app (OAuth 2.0
authorization code with PKCE S256, RFC 7636), built without a request."""

from __future__ import annotations

import base64
import hashlib
import re
import unittest
import urllib.parse

from storefront_platform import AuthorizationRequest, InstalledAppClient
from storefront_platform._installed_app_client import code_challenge

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
        with self.assertRaises(TypeError):
            InstalledAppClient.authorize_url("https://api.example.com", "sfc_a", "https://app.example.com/cb")  # type: ignore[misc]


if __name__ == "__main__":
    unittest.main()
