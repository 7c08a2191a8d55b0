"""What the Python SDK adds to a GraphQL request with a cached token, over the same request sent with
plain urllib. Driven by bench/python-sdk.js, which starts the built server and passes (environment):
SF_BASE_URL, SF_CLIENT_ID, SF_CLIENT_SECRET, SF_SERVER_PID, SF_REQUESTS (per phase), SF_ROUNDS.

Per round and case, N requests one after another with each client (their order alternating between
rounds): wall time and this process's CPU per request, and the server's CPU per request (from
/proc/<pid>/stat). Both clients open a connection per request (urllib keeps none alive). Prints one JSON
object per line; the last is the summary.
"""

from __future__ import annotations

import base64
import json
import os
import statistics
import time
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, List

from storefront_platform import AppClient
from storefront_platform._graphql import PRODUCT_FIELDS

BASE_URL = os.environ["SF_BASE_URL"]
CLIENT_ID = os.environ["SF_CLIENT_ID"]
CLIENT_SECRET = os.environ["SF_CLIENT_SECRET"]
SERVER_PID = int(os.environ["SF_SERVER_PID"])
REQUESTS = int(os.environ.get("SF_REQUESTS", "300"))
ROUNDS = int(os.environ.get("SF_ROUNDS", "5"))
TICKS = os.sysconf("SC_CLK_TCK")

# The documents the SDK sends (libs/sdk-python/src/storefront_platform/_graphql.py), written out.
PRODUCTS = (
    "query Products($first: Int, $after: String, $query: String) { "
    "products(first: $first, after: $after, query: $query) { "
    f"edges {{ cursor node {{ {PRODUCT_FIELDS} }} }} pageInfo {{ hasNextPage endCursor }} }} }}"
)
STORE = "{ store { id name } }"


def server_cpu_seconds() -> float:
    with open(f"/proc/{SERVER_PID}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def token() -> str:
    basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
    request = urllib.request.Request(
        BASE_URL + "/v1/auth/oauth/token",
        data=b"grant_type=client_credentials",
        headers={"Authorization": f"Basic {basic}", "Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return str(json.loads(answer.read())["access_token"])


def raw_client(access_token: str, document: str, variables: Dict[str, Any] | None) -> Callable[[], Dict[str, Any]]:
    body = json.dumps({"query": document, **({"variables": variables} if variables is not None else {})}).encode()
    headers = {
        "Accept": "application/json",
        "Authorization": f"Bearer {access_token}",
        "Content-Type": "application/json",
    }
    url = BASE_URL + "/v1/storefront/graphql"

    def call() -> Dict[str, Any]:
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            parsed: Dict[str, Any] = json.loads(answer.read())
        if parsed.get("errors"):
            raise RuntimeError(parsed["errors"])
        return parsed["data"]  # type: ignore[no-any-return]

    return call


def measure(call: Callable[[], Any], check: Callable[[Any], bool]) -> Dict[str, float]:
    server = server_cpu_seconds()
    cpu = time.process_time()
    wall = time.perf_counter()
    for _ in range(REQUESTS):
        if not check(call()):
            raise RuntimeError("unexpected answer")
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    server = server_cpu_seconds() - server
    return {
        "us_per_request": wall / REQUESTS * 1e6,
        "client_cpu_us": cpu / REQUESTS * 1e6,
        "server_cpu_us": server / REQUESTS * 1e6,
    }


def main() -> None:
    sdk = AppClient(base_url=BASE_URL, client_id=CLIENT_ID, client_secret=CLIENT_SECRET)
    sdk.get_access_token()  # cached from here on (the server's APP_TOKEN_TTL is an hour)
    access_token = token()
    cases = {
        "store": (
            raw_client(access_token, STORE, None),
            lambda: sdk.graphql(STORE),
            lambda data: bool(data["store"]["id"]),
        ),
        "products-20": (
            raw_client(access_token, PRODUCTS, {"first": 20, "after": None, "query": None}),
            lambda: sdk.products.list(first=20),
            lambda data: len((data.get("products") or data)["edges"]) == 20,
        ),
    }
    results: Dict[str, Dict[str, List[Dict[str, float]]]] = {name: {"raw": [], "sdk": []} for name in cases}
    # A discarded warm-up of every case, then the measured rounds.
    for raw, via_sdk, check in cases.values():
        for _ in range(50):
            check(raw())
            check(via_sdk())
    for round_number in range(ROUNDS):
        for name, (raw, via_sdk, check) in cases.items():
            order = [("raw", raw), ("sdk", via_sdk)]
            if round_number % 2:
                order.reverse()
            for kind, call in order:
                figures = measure(call, check)
                results[name][kind].append(figures)
                print(json.dumps({"round": round_number + 1, "case": name, "client": kind, **figures}), flush=True)

    summary: Dict[str, Any] = {"requests_per_phase": REQUESTS, "rounds": ROUNDS, "cases": {}}
    for name, by_kind in results.items():
        median = {
            kind: {key: statistics.median(r[key] for r in runs) for key in runs[0]} for kind, runs in by_kind.items()
        }
        overheads = [s["us_per_request"] - r["us_per_request"] for r, s in zip(by_kind["raw"], by_kind["sdk"])]
        cpu_overheads = [s["client_cpu_us"] - r["client_cpu_us"] for r, s in zip(by_kind["raw"], by_kind["sdk"])]
        summary["cases"][name] = {
            "raw": median["raw"],
            "sdk": median["sdk"],
            "overhead_us": statistics.median(overheads),
            "overhead_pct": statistics.median(overheads) / median["raw"]["us_per_request"] * 100,
            "client_cpu_overhead_us": statistics.median(cpu_overheads),
        }
    print(json.dumps({"summary": summary}), flush=True)


if __name__ == "__main__":
    main()
