"""Result objects that say which request produced them, and values that never print themselves."""

from __future__ import annotations

from typing import Any, Dict, Optional


class _Traced(Dict[str, Any]):
    """A result: a plain ``dict`` in the wire's shape (equal to one, JSON-serializable as one, the same
    ``repr``) that also carries the server's ``X-Request-Id`` as the attribute ``request_id`` — an
    attribute, not a key, so it is not part of the data."""

    request_id: Optional[str]


def traced(value: Dict[str, Any], request_id: Optional[str]) -> Dict[str, Any]:
    """``value`` as a result carrying ``request_id`` (a shallow copy when it is a plain dict)."""
    result = value if isinstance(value, _Traced) else _Traced(value)
    result.request_id = request_id
    return result


def request_id_of(result: object) -> Optional[str]:
    """The server's request id (``X-Request-Id``) of a result the SDK returned, or ``None``.

    Every dict a client method returns carries the id of the answer it came from, and so does every
    item yielded by ``iterate()`` (its page's id). ``None`` for anything else — a ``None`` result
    (``products.get`` of nothing), a nested dict, or a dict the SDK did not make. Results also have it
    as ``result.request_id``; this function is the typed way to read it, since results are typed as
    ``TypedDict``s, which have no attributes.
    """
    return getattr(result, "request_id", None) if isinstance(result, _Traced) else None


class Secret:
    """A credential held by a client: its ``repr()`` and ``str()`` never show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("a client's credentials are not pickled")
