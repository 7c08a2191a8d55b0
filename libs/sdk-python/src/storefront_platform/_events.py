"""The event types of the API (the ``type`` of an event and of a webhook delivery's body).

The same list as the TypeScript SDK's ``EVENT_TYPES``, in the order the API documents them; the
two are compared by the repository's drift test, so a new event type is added to both.
"""

from __future__ import annotations

from typing import Any, Mapping

EVENT_TYPES: tuple[str, ...] = (
    "store.updated",
    "store.completed",
    "product.created",
    "product.updated",
    "product.deleted",
    "order.created",
    "order.fulfilled",
    "order.cancelled",
    "order.paid",
    "app.created",
    "app.secret_rotated",
    "app.deleted",
    "public_token.created",
    "public_token.rotated",
    "public_token.deleted",
    "webhook.test",
    "member.invited",
    "member.joined",
    "member.role_changed",
    "member.removed",
    "store.transferred",
    "app.installed",
    "app.uninstalled",
)

_KNOWN = frozenset(EVENT_TYPES)


def is_event_type(value: object) -> bool:
    """Whether ``value`` is one of the API's event types."""
    return isinstance(value, str) and value in _KNOWN


def is_event(event: Mapping[str, Any], event_type: str) -> bool:
    """Whether ``event`` (from a webhook delivery or an event list) is of ``event_type``."""
    return event.get("type") == event_type
