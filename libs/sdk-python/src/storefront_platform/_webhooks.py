"""Checking a webhook delivery (Standard Webhooks 1.0) on the receiving side."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import math
import re
import time
from typing import Any, Iterable, List, Optional, Protocol, Sequence, Union, cast

from ._errors import WebhookVerificationError
from ._types import WebhookEvent

SECRET_PREFIX = "whsec_"
DEFAULT_TOLERANCE = 300
_TIMESTAMP = re.compile(r"[0-9]+")

Secrets = Union[str, Sequence[Optional[str]], None]


class Headers(Protocol):
    """What ``verify_webhook`` reads headers from: a dict, ``http.client.HTTPMessage`` /
    ``email.message.Message``, or a web framework's headers object."""

    def get(self, name: str, /) -> Any: ...

    def keys(self) -> Iterable[Any]: ...

    def __getitem__(self, name: str, /) -> Any: ...


def _header(headers: Headers, name: str) -> Optional[str]:
    """A header by name in any case: from a dict, ``http.client.HTTPMessage``, a framework's headers."""
    value = headers.get(name)
    if value is None:
        for key in headers.keys():
            if isinstance(key, str) and key.lower() == name:
                value = headers[key]
                break
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if isinstance(value, (list, tuple)):
        value = " ".join(str(v) for v in value)
    return str(value)


def _keys(secret_or_secrets: Secrets) -> List[bytes]:
    """The HMAC keys of the secrets given. ``None`` entries (an unset variable while you rotate) and
    secrets that are not ``whsec_`` + base64 are skipped, so one bad entry never stops a good one; a
    key must not be empty (anyone could sign with it)."""
    if secret_or_secrets is None:
        given: Iterable[Optional[str]] = []
    elif isinstance(secret_or_secrets, str):
        given = [secret_or_secrets]
    elif isinstance(secret_or_secrets, (bytes, bytearray)):
        raise TypeError("secret_or_secrets must be a str (whsec_…) or a sequence of them")
    else:
        given = secret_or_secrets
    keys: List[bytes] = []
    for secret in given:
        if secret is None:
            continue
        if not isinstance(secret, str):
            raise TypeError("each webhook secret must be a str (whsec_…) or None")
        encoded = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
        try:
            key = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            continue
        if key:
            keys.append(key)
    if not keys:
        raise ValueError(
            "no usable webhook secret: pass the endpoint's whsec_… secret (or a list of them while you rotate)"
        )
    return keys


def verify_webhook(
    raw_body: Union[bytes, bytearray, memoryview, str],
    headers: Headers,
    secret_or_secrets: Secrets,
    *,
    tolerance_seconds: float = DEFAULT_TOLERANCE,
) -> WebhookEvent:
    """Verifies a webhook delivery and returns its event.

    Checks ``webhook-id``, ``webhook-timestamp`` within ``tolerance_seconds`` of now (either way: an old
    delivery replayed is refused), and a ``v1,`` signature in ``webhook-signature`` — the base64
    HMAC-SHA256 of ``id.timestamp.body`` — made with one of the secrets (pass the new and the old one
    while you switch after a rotation; ``None`` entries are skipped). Pass the body exactly as
    received, as bytes: not JSON parsed and serialized again. Header names may be in any case.

    Raises WebhookVerificationError for a delivery that fails any check (answer it 400), and
    ValueError or TypeError for a bad argument of yours — no usable secret, a tolerance that is not a
    finite number ≥ 0 — which no delivery can pass. Deduplicate on the event's ``id``: it is the same
    on every attempt.
    """
    if isinstance(tolerance_seconds, bool) or not isinstance(tolerance_seconds, (int, float)):
        raise TypeError("tolerance_seconds must be a number of seconds")
    if not math.isfinite(tolerance_seconds) or tolerance_seconds < 0:
        raise ValueError("tolerance_seconds must be a finite number of seconds, 0 or more")
    keys = _keys(secret_or_secrets)
    if isinstance(raw_body, str):
        body = raw_body.encode("utf-8")
    elif isinstance(raw_body, (bytes, bytearray, memoryview)):
        body = bytes(raw_body)
    else:
        raise TypeError("raw_body must be the request body as bytes (or str), exactly as received")

    webhook_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not webhook_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook headers (webhook-id, webhook-timestamp, webhook-signature)")
    if not _TIMESTAMP.fullmatch(timestamp):
        raise WebhookVerificationError("invalid webhook-timestamp")
    if abs(time.time() - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("webhook-timestamp outside the tolerance")

    offered = [s[3:].encode("utf-8", "replace") for s in signatures.split() if s.startswith("v1,")]
    message = f"{webhook_id}.{timestamp}.".encode("utf-8") + body
    verified = False
    for key in keys:
        expected = base64.b64encode(hmac.new(key, message, hashlib.sha256).digest())
        # Every offered signature is compared (in constant time), whichever matches.
        if any(hmac.compare_digest(expected, signature) for signature in offered):
            verified = True
            break
    if not verified:
        raise WebhookVerificationError("no valid signature")
    try:
        event = json.loads(body)
    except (ValueError, RecursionError):
        raise WebhookVerificationError("the body is not JSON") from None
    if not isinstance(event, dict):
        raise WebhookVerificationError("the body is not a JSON object")
    return cast(WebhookEvent, event)
