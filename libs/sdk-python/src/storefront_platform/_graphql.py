"""The Storefront GraphQL API: sending a document, telling a write from a read, paging, and the
catalogue and order calls that AppClient and StorefrontClient share."""

from __future__ import annotations

import enum
import functools
import time
import uuid
from decimal import Decimal
from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    cast,
)

from ._errors import ApiError, GraphQLErrorEntry, graphql_error
from ._results import request_id_of, traced
from ._transport import Request, Response, Transport, api_error, graphql_rate_limit_error, graphql_rate_limited
from ._types import (
    Cart,
    Deleted,
    Order,
    OrderConnection,
    OrderLineInput,
    Product,
    ProductConnection,
    ProductImageInput,
    StorefrontStore,
)

GRAPHQL_PATH = "/v1/storefront/graphql"

#: (v1.4) A product image as the SDK selects it: the medium rendition's URL, as REST answers it.
IMAGE_FIELDS = "id url altText width height"
#: (v1.4) With its images, options and price range; its variants (a connection) are not selected.
PRODUCT_FIELDS = (
    "id handle title description price { amount currencyCode } inventory "
    f"images {{ {IMAGE_FIELDS} }} featuredImage {{ {IMAGE_FIELDS} }} createdAt updatedAt "
    "hasOnlyDefaultVariant options { name values } "
    "priceRange { min { amount currencyCode } max { amount currencyCode } }"
)
STORE_FIELDS = (
    "id name description status faviconUrl logoBlackWhiteUrl logoColorUrl supportEmail socialLinks currencyCode"
)
ORDER_FIELDS = (
    "id status source customerEmail total { amount currencyCode } createdAt fulfilledAt cancelledAt "
    "cancelReason paymentStatus paidAt lines { title sku quantity unitPrice { amount currencyCode } "
    "lineTotal { amount currencyCode } product { id handle title } }"
)
#: A cart with its lines (v1.4: each with its variant) and, once checked out, its order:
#: 1 + 100 lines × 5 + 1 + 402 = 904 of the 5,000 a query may cost.
CART_FIELDS = (
    "id status buyerEmail totalQuantity subtotal { amount currencyCode } createdAt updatedAt expiresAt "
    "lines { quantity available unavailableReason inSubtotal unitPrice { amount currencyCode } "
    "lineTotal { amount currencyCode } "
    f"product {{ id handle title }} variant {{ id title sku }} }} order {{ {ORDER_FIELDS} }}"
)

#: Products per page of ``list()`` (the server's default) and of ``iterate()`` (50 cost 102 of the
#: 5,000 a query may cost).
PRODUCT_PAGE = 20
PRODUCT_ITERATE_PAGE = 50
#: Orders per page. An order with its lines costs 402 of the 5,000 a query may cost (each of up to 100
#: lines is priced), so 10 orders cost 4,022: within the limit with room to spare; 12 is the most one
#: page of this selection can hold.
ORDER_PAGE = 10

_NAME_START = frozenset("_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_NAME_CHAR = _NAME_START | frozenset("0123456789")
_OPERATION_WORDS = ("query", "mutation", "subscription", "fragment")


def document_definitions(document: str) -> Optional[List[Tuple[str, Optional[str]]]]:
    """The top-level definitions of a GraphQL document, in order, as ``(kind, name)``: a small lexer
    that skips comments, strings and block strings and reads only what stands outside every ``{…}``,
    ``(…)`` and ``[…]``. ``None`` when the document cannot be read (unbalanced brackets, an unknown
    word at the top): the caller then treats it as a write."""
    definitions: List[List[Optional[str]]] = []
    depth = 0
    current: Optional[List[Optional[str]]] = None
    want_name = False
    i = 0
    n = len(document)
    while i < n:
        c = document[i]
        if c == "#":
            while i < n and document[i] not in "\r\n":
                i += 1
        elif document.startswith('"""', i):
            end = document.find('"""', i + 3)
            if end < 0:
                return None
            i = end + 3
            continue
        elif c == '"':
            i += 1
            while i < n and document[i] != '"':
                if document[i] == "\\":
                    i += 1
                if i < n and document[i] == "\n":
                    return None
                i += 1
            if i >= n:
                return None
            i += 1
            continue
        elif c in "{([":
            if depth == 0 and c == "{" and current is None:
                # `{ … }` on its own: the anonymous query shorthand.
                current = ["query", None]
                definitions.append(current)
            want_name = False
            depth += 1
        elif c in "})]":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0 and c == "}":
                current = None
        elif c in _NAME_START:
            j = i + 1
            while j < n and document[j] in _NAME_CHAR:
                j += 1
            word = document[i:j]
            if depth == 0:
                if current is None:
                    if word not in _OPERATION_WORDS:
                        return None
                    current = [word, None]
                    definitions.append(current)
                    want_name = True
                elif want_name:
                    current[1] = word
                    want_name = False
            i = j
            continue
        elif not (c.isspace() or c in ",\ufeff"):
            want_name = False
        i += 1
    if depth != 0:
        return None
    return [(str(kind), name) for kind, name in definitions]


@functools.lru_cache(maxsize=256)
def is_mutation(document: str, operation_name: Optional[str] = None) -> bool:
    """Does the operation this request runs write? The selected operation is the one named
    ``operation_name``, or the document's only operation; fragments may stand anywhere. When it
    cannot be told (unreadable document, several operations and no name), the answer is yes: a write
    is never retried without an Idempotency-Key. Cached: an application sends the same few documents
    again and again, and reading one costs tens of microseconds."""
    definitions = document_definitions(document)
    if definitions is None:
        return True
    operations = [d for d in definitions if d[0] != "fragment"]
    if not operations:
        return True
    selected: Optional[Tuple[str, Optional[str]]] = None
    if operation_name:
        selected = next((o for o in operations if o[1] == operation_name), None)
    elif len(operations) == 1:
        selected = operations[0]
    if selected is not None:
        return selected[0] == "mutation"
    return any(o[0] == "mutation" for o in operations)


def checked_idempotency_key(key: Optional[str]) -> Optional[str]:
    """1–255 visible ASCII characters, as the server takes them."""
    if key is None:
        return None
    if not isinstance(key, str) or not 1 <= len(key) <= 255 or any(not "!" <= c <= "~" for c in key):
        raise ValueError("idempotency_key must be 1-255 visible ASCII characters")
    return key


def new_idempotency_key() -> str:
    return str(uuid.uuid4())


def send_graphql(
    transport: Transport,
    token: str,
    query: str,
    variables: Optional[Mapping[str, Any]],
    *,
    operation_name: Optional[str] = None,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Tuple[Dict[str, Any], Response]:
    """Sends one GraphQL operation with a bearer token: its ``data`` (carrying the request id) on
    success, GraphQLError when the answer has ``errors``, ApiError for an error status without them."""
    if not isinstance(query, str) or not query.strip():
        raise ValueError("query is required")
    key = checked_idempotency_key(idempotency_key)
    body: Dict[str, Any] = {"query": query}
    if variables is not None:
        body["variables"] = dict(variables)
    if operation_name:
        body["operationName"] = operation_name
    request = Request(
        "POST",
        GRAPHQL_PATH,
        json=body,
        token=token,
        headers={"Idempotency-Key": key} if key else {},
        retryable=not is_mutation(query, operation_name) or key is not None,
        timeout=timeout,
    )
    deadline = time.monotonic() + (transport.timeout if timeout is None else timeout)
    attempt = 0
    while True:
        response = transport.send(request)
        # The storefront's write limit refuses with HTTP 200 and RATE_LIMITED (extensions.retryAfter):
        # the same rules as a 429 — waited out and retried when the request may be repeated and the
        # wait ends within the call's timeout, else a RateLimitError at once.
        limited = graphql_rate_limited(response.body)
        if limited is None:
            break
        asked = limited[0]
        wait = transport.backoff(attempt) if asked is None else asked
        if request.retryable and attempt < transport.max_retries and time.monotonic() + wait <= deadline:
            time.sleep(wait)
            attempt += 1
            continue
        raise graphql_rate_limit_error(response, asked)
    answer = response.body
    if not isinstance(answer, dict):
        detail = f"Unexpected answer from the GraphQL endpoint (HTTP {response.status})."
        raise ApiError(
            detail,
            status=response.status,
            code="non_json_response",
            problem={"status": response.status, "detail": detail},
            request_id=response.request_id,
        )
    errors = answer.get("errors")
    if isinstance(errors, list) and errors:
        raise graphql_error(
            errors=cast(List[GraphQLErrorEntry], errors),
            data=answer.get("data"),
            status=response.status,
            request_id=response.request_id,
        )
    # An error status without GraphQL errors (a proxy's or the HTTP layer's problem+json): an ApiError.
    if response.status >= 400 or "data" not in answer:
        raise api_error(response)
    data = answer.get("data")
    return traced(data if isinstance(data, dict) else {}, response.request_id), response


T = TypeVar("T")


class GraphQLCaller:
    """What every client of the Storefront GraphQL endpoint shares: ``graphql()``. Which bearer token a
    call carries is the client's (``_with_token``): an app's, kept and renewed, with one replay after a
    401 (AppClient, InstalledAppClient), or a public token as it is (StorefrontClient)."""

    _transport: Transport

    def _with_token(self, call: Callable[[str], T], timeout: Optional[float]) -> T:
        raise NotImplementedError

    def graphql(
        self,
        query: str,
        variables: Optional[Mapping[str, Any]] = None,
        *,
        operation_name: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """Runs a Storefront GraphQL operation: its ``data`` (carrying the request id). Errors raise
        GraphQLError. A mutation is retried after a lost answer only with ``idempotency_key``."""
        return self._with_token(
            lambda token: send_graphql(
                self._transport,
                token,
                query,
                variables,
                operation_name=operation_name,
                idempotency_key=idempotency_key,
                timeout=timeout,
            )[0],
            timeout,
        )


class Run(Protocol):
    """What the namespaces call: the client's ``graphql()``."""

    def __call__(
        self,
        query: str,
        variables: Optional[Mapping[str, Any]] = None,
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]: ...


def field(data: Dict[str, Any], key: str) -> Any:
    """``data[key]``, carrying the answer's request id when it is an object (a ``None`` carries none)."""
    value = data.get(key)
    return traced(value, request_id_of(data)) if isinstance(value, dict) else value


def ask(
    run: Run,
    kind: str,
    name: str,
    signature: str,
    arguments: str,
    selection: str,
    variables: Optional[Mapping[str, Any]],
    *,
    idempotency_key: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Any:
    """One root field of a query or a mutation — ``{kind} {Name}({signature}) {{ {name}({arguments})
    {{ {selection} }} }}``, the operation named after the field — and its value (``field``). Every
    document of the namespaces is written this way; the repository's tests validate each one against
    the server's schema."""
    operation = name[0].upper() + name[1:]
    declared = f"({signature})" if signature else ""
    passed = f"({arguments})" if arguments else ""
    data = run(
        f"{kind} {operation}{declared} {{ {name}{passed} {{ {selection} }} }}",
        variables,
        idempotency_key=idempotency_key,
        timeout=timeout,
    )
    return field(data, name)


def connection(selection: str) -> str:
    """A connection's selection: its nodes with ``selection``, their cursors, and the page's info."""
    return f"edges {{ cursor node {{ {selection} }} }} pageInfo {{ hasNextPage endCursor }}"


class _Namespace:
    """What the namespaces of a client share: its ``graphql()`` (``run``), its name for ``repr``
    (``<AppClient.products>``), and ``_ask`` — ``ask`` on that ``run``."""

    _NAME = ""

    def __init__(self, run: Run, owner: str) -> None:
        self._run = run
        self._owner = owner

    def __repr__(self) -> str:
        return f"<{self._owner}.{self._NAME}>"

    def _ask(
        self,
        kind: str,
        name: str,
        signature: str,
        arguments: str,
        selection: str,
        variables: Optional[Mapping[str, Any]],
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Any:
        return ask(
            self._run,
            kind,
            name,
            signature,
            arguments,
            selection,
            variables,
            idempotency_key=idempotency_key,
            timeout=timeout,
        )


def pages(
    page: "PageFetcher",
    after: Optional[str],
) -> Iterator[Any]:
    """Walks a connection page by page, yielding every node (each carries its page's request id),
    fetching the next page only when the loop asks for it."""
    cursor = after
    while True:
        connection = page(cursor)
        request_id = request_id_of(connection)
        for edge in connection["edges"]:
            yield traced(edge["node"], request_id)
        info = connection["pageInfo"]
        if not info["hasNextPage"] or not info["endCursor"]:
            return
        cursor = info["endCursor"]


class PageFetcher(Protocol):
    def __call__(self, after: Optional[str]) -> Any: ...


class _Unset(enum.Enum):
    """The default of an update's fields: "leave it as it is" (``None`` may mean "clear it")."""

    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"


UNSET = _Unset.UNSET
Price = Union[str, Decimal]


def _price(value: Price, name: str = "price") -> str:
    if isinstance(value, Decimal):
        return str(value)
    if not isinstance(value, str):
        raise TypeError(f'{name} must be a decimal string such as "9.50" (or a Decimal)')
    return value


class StorefrontProducts(_Namespace):
    """The catalogue reads: ``list``, ``iterate``, ``get``."""

    _NAME = "products"

    def list(
        self,
        *,
        first: int = PRODUCT_PAGE,
        after: Optional[str] = None,
        query: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> ProductConnection:
        """One page of products (oldest first), optionally filtered by ``query`` (title or handle)."""
        return cast(
            ProductConnection,
            self._ask(
                "query", "products", "$first: Int, $after: String, $query: String",
                "first: $first, after: $after, query: $query", connection(PRODUCT_FIELDS),
                {"first": first, "after": after, "query": query}, None, timeout,
            ),
        )

    def iterate(
        self,
        *,
        first: int = PRODUCT_ITERATE_PAGE,
        after: Optional[str] = None,
        query: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Product]:
        """Every product (optionally filtered by ``query``), fetched ``first`` a page as the loop asks
        for more; leaving the loop early stops fetching."""
        return cast(
            Iterator[Product],
            pages(lambda cursor: self.list(first=first, after=cursor, query=query, timeout=timeout), after),
        )

    def get(
        self,
        *,
        id: Optional[str] = None,  # noqa: A002 — the API's name
        handle: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Optional[Product]:
        """One product by ``id=`` or ``handle=`` (exactly one of them); ``None`` when there is none."""
        if (id is None) == (handle is None):
            raise TypeError("products.get() takes exactly one of id= or handle=")
        return cast(
            Optional[Product],
            self._ask(
                "query", "product", "$id: ID, $handle: String", "id: $id, handle: $handle", PRODUCT_FIELDS,
                {"id": id} if id is not None else {"handle": handle}, None, timeout,
            ),
        )


class AppProductImages:
    """A product's images (``products:write``): ``add``, ``update``, ``remove``. Each returns the
    product with its images (the first is the featured image)."""

    def __init__(self, run: Run, owner: str) -> None:
        self._run = run
        self._owner = owner

    def __repr__(self) -> str:
        return f"<{self._owner}.products.images>"

    def add(
        self,
        product_id: str,
        images: Sequence[ProductImageInput],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Appends images, all or none: ``[{"media_id": …, "alt_text": …}]`` (media of the store with
        purpose product_image; at most 20 images a product)."""
        wire: List[Dict[str, Any]] = []
        for image in images:
            if not isinstance(image, Mapping) or "media_id" not in image or not set(image) <= {"media_id", "alt_text"}:
                raise TypeError('each image must be {"media_id": …} with an optional "alt_text"')
            wire.append({"mediaId": image["media_id"], "altText": image.get("alt_text")})
        data = self._run(
            "mutation ProductImagesAdd($productId: ID!, $images: [ProductImageInput!]!) { "
            f"productImagesAdd(productId: $productId, images: $images) {{ {PRODUCT_FIELDS} }} }}",
            {"productId": product_id, "images": wire},
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        return cast(Product, field(data, "productImagesAdd"))

    def update(
        self,
        product_id: str,
        image_id: str,
        *,
        alt_text: Union[str, None, _Unset] = UNSET,
        position: Union[int, _Unset] = UNSET,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Changes the alt text (``alt_text=None`` clears it) and/or moves the image to ``position``."""
        variables: Dict[str, Any] = {"productId": product_id, "imageId": image_id}
        if not isinstance(alt_text, _Unset):
            variables["altText"] = alt_text
        if not isinstance(position, _Unset):
            variables["position"] = position
        data = self._run(
            "mutation ProductImageUpdate($productId: ID!, $imageId: ID!, $altText: String, $position: Int) { "
            "productImageUpdate(productId: $productId, imageId: $imageId, altText: $altText, position: $position) "
            f"{{ {PRODUCT_FIELDS} }} }}",
            variables,
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        return cast(Product, field(data, "productImageUpdate"))

    def remove(
        self,
        product_id: str,
        image_id: str,
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Takes the image off the product (the media stays)."""
        data = self._run(
            "mutation ProductImageRemove($productId: ID!, $imageId: ID!) { "
            f"productImageRemove(productId: $productId, imageId: $imageId) {{ {PRODUCT_FIELDS} }} }}",
            {"productId": product_id, "imageId": image_id},
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        return cast(Product, field(data, "productImageRemove"))


class AppVariants:
    """(v1.4) A product's variants for an app: ``create``, ``update``, ``delete`` — each answers the
    product. Variants and changes are dicts in the API's own field names (``selectedOptions``,
    ``price``, ``compareAtPrice``, ``sku``, ``inventory``, ``imageId``; a change also names its ``id``)."""

    def __init__(self, run: Run, owner: str) -> None:
        self._run = run
        self._owner = owner

    def __repr__(self) -> str:
        return f"<{self._owner}.products.variants>"

    def _write(
        self, name: str, argument: str, kind: str, product_id: str, items: Any, idempotency_key: Optional[str],
        timeout: Optional[float],
    ) -> Product:
        field_name = name[0].lower() + name[1:]
        data = self._run(
            f"mutation {name}($productId: ID!, ${argument}: {kind}) {{ "
            f"{field_name}(productId: $productId, {argument}: ${argument}) {{ {PRODUCT_FIELDS} }} }}",
            {"productId": product_id, argument: items},
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        return cast(Product, field(data, field_name))

    def create(
        self,
        product_id: str,
        variants: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Adds variants (at most 250 a call), each naming one value of every option."""
        return self._write(
            "ProductVariantsCreate", "variants", "[ProductVariantInput!]!", product_id,
            [dict(v) for v in variants], idempotency_key, timeout,
        )

    def update(
        self,
        product_id: str,
        variants: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Changes variants (``{"id": …, "price": …}`` …); the fields left out stay as they are."""
        return self._write(
            "ProductVariantsUpdate", "variants", "[ProductVariantUpdateInput!]!", product_id,
            [dict(v) for v in variants], idempotency_key, timeout,
        )

    def delete(
        self,
        product_id: str,
        variant_ids: Sequence[str],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Deletes variants; the last one stays (``reason`` ``last_variant``)."""
        return self._write(
            "ProductVariantsDelete", "variantIds", "[ID!]!", product_id, list(variant_ids), idempotency_key,
            timeout,
        )


class AppProducts(StorefrontProducts):
    """The catalogue for an app: the reads, and ``create``, ``update``, ``delete``; (v1.4) ``images`` and
    ``variants``."""

    def __init__(self, run: Run, owner: str) -> None:
        super().__init__(run, owner)
        #: (v1.4) The product's images: ``add``, ``update``, ``remove``.
        self.images = AppProductImages(run, owner)
        #: (v1.4) The product's variants: ``create``, ``update``, ``delete``.
        self.variants = AppVariants(run, owner)

    def create(
        self,
        *,
        handle: str,
        title: str,
        price: Optional[Price] = None,
        currency_code: str,
        inventory: Optional[int] = None,
        description: Optional[str] = None,
        options: Optional[Sequence[Mapping[str, Any]]] = None,
        variants: Optional[Sequence[Mapping[str, Any]]] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Creates a product (``price`` a decimal string such as ``"9.50"``, ``currency_code`` ISO 4217).
        (v1.4) With ``options`` (``{"name", "values"}``) and ``variants`` (``selectedOptions``, ``price``,
        ``inventory``, …), ``price`` and ``inventory`` are the variants'."""
        product_input: Dict[str, Any] = {"handle": handle, "title": title, "currencyCode": currency_code}
        if price is not None:
            product_input["price"] = _price(price)
        if inventory is not None:
            product_input["inventory"] = inventory
        if description is not None:
            product_input["description"] = description
        if options is not None:
            product_input["options"] = [dict(o) for o in options]
        if variants is not None:
            product_input["variants"] = [dict(v) for v in variants]
        return cast(
            Product,
            self._ask(
                "mutation", "productCreate", "$input: ProductCreateInput!", "input: $input", PRODUCT_FIELDS,
                {"input": product_input}, idempotency_key, timeout,
            ),
        )

    def update(
        self,
        id: str,  # noqa: A002 — the API's name
        *,
        handle: Union[str, _Unset] = UNSET,
        title: Union[str, _Unset] = UNSET,
        description: Union[str, None, _Unset] = UNSET,
        price: Union[Price, _Unset] = UNSET,
        currency_code: Union[str, _Unset] = UNSET,
        inventory: Union[int, _Unset] = UNSET,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Product:
        """Changes the given fields of a product; the others stay as they are (``description=None``
        clears the description)."""
        changes: Dict[str, Any] = {}
        for name, value in (
            ("handle", handle),
            ("title", title),
            ("description", description),
            ("currencyCode", currency_code),
            ("inventory", inventory),
        ):
            if value is not UNSET:
                changes[name] = value
        if not isinstance(price, _Unset):
            changes["price"] = _price(price)
        return cast(
            Product,
            self._ask(
                "mutation", "productUpdate", "$id: ID!, $input: ProductUpdateInput!", "id: $id, input: $input",
                PRODUCT_FIELDS, {"id": id, "input": changes}, idempotency_key, timeout,
            ),
        )

    def delete(
        self,
        id: str,  # noqa: A002 — the API's name
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Deleted:
        """Deletes a product: ``{"id": …}`` of the deleted product."""
        data = self._run(
            "mutation ProductDelete($id: ID!) { productDelete(id: $id) }",
            {"id": id},
            idempotency_key=idempotency_key,
            timeout=timeout,
        )
        return cast(Deleted, traced({"id": data.get("productDelete")}, request_id_of(data)))


_LINE_KEYS = {"product_id", "variant_id", "quantity"}


def line_inputs(lines: Sequence[OrderLineInput]) -> List[Dict[str, Any]]:
    """Lines of an order or a cart as the API takes them: ``{"variant_id", "quantity"}`` each, or (v1.3,
    a product with only its default variant) ``{"product_id", "quantity"}`` — both ids must agree."""
    if isinstance(lines, (str, bytes)) or not isinstance(lines, Sequence):
        raise TypeError('lines must be a list of {"variant_id" or "product_id": …, "quantity": …}')
    wire: List[Dict[str, Any]] = []
    for line in lines:
        keys = set(line) if isinstance(line, Mapping) else set()
        if not keys or not keys <= _LINE_KEYS or "quantity" not in keys or keys == {"quantity"}:
            raise TypeError(
                'each line must be {"variant_id" and/or "product_id": …, "quantity": …} (only these keys)'
            )
        entry: Dict[str, Any] = {"quantity": line["quantity"]}
        if "product_id" in keys:
            entry["productId"] = line["product_id"]
        if "variant_id" in keys:
            entry["variantId"] = line["variant_id"]
        wire.append(entry)
    return wire


class AppOrders(_Namespace):
    """An app's orders: ``create``, ``list``, ``iterate``, ``get``, ``fulfil``, ``cancel``."""

    _NAME = "orders"

    def _by_id(self, name: str, id: str, idempotency_key: Optional[str], timeout: Optional[float]) -> Order:  # noqa: A002
        """A lifecycle mutation that takes the order's id alone (``orderFulfil``, ``orderMarkPaid``)."""
        return cast(
            Order,
            self._ask(
                "mutation", name, "$id: ID!", "id: $id", ORDER_FIELDS, {"id": id}, idempotency_key, timeout,
            ),
        )

    def create(
        self,
        *,
        customer_email: str,
        lines: Sequence[OrderLineInput],
        payment_status: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Order:
        """Places an order priced from the catalogue (``OUT_OF_STOCK`` changes nothing). An
        Idempotency-Key is added when none is given, so a lost answer is retried without a second
        order; pass your own (e.g. your system's order id) to make a retry across restarts safe too.
        (v1.4) ``payment_status``: ``"paid"`` (left out: what the app records it was paid for) or
        ``"pending"`` (then ``mark_paid`` once it is)."""
        order_input: Dict[str, Any] = {"customerEmail": customer_email, "lines": line_inputs(lines)}
        if payment_status is not None:
            order_input["paymentStatus"] = payment_status
        return cast(
            Order,
            self._ask(
                "mutation", "orderCreate", "$input: OrderCreateInput!", "input: $input", ORDER_FIELDS,
                {"input": order_input},
                new_idempotency_key() if idempotency_key is None else idempotency_key, timeout,
            ),
        )

    def list(
        self,
        *,
        first: int = ORDER_PAGE,
        after: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> OrderConnection:
        """One page of orders (oldest first): 10 by default, at most 12 (each brings up to 100 lines)."""
        return cast(
            OrderConnection,
            self._ask(
                "query", "orders", "$first: Int, $after: String", "first: $first, after: $after",
                connection(ORDER_FIELDS), {"first": first, "after": after}, None, timeout,
            ),
        )

    def iterate(
        self,
        *,
        first: int = ORDER_PAGE,
        after: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Iterator[Order]:
        """Every order, fetched ``first`` a page as the loop asks for more."""
        return cast(
            Iterator[Order],
            pages(lambda cursor: self.list(first=first, after=cursor, timeout=timeout), after),
        )

    def get(self, id: str, *, timeout: Optional[float] = None) -> Optional[Order]:  # noqa: A002
        """One order; ``None`` when there is none."""
        return cast(
            Optional[Order],
            self._ask("query", "order", "$id: ID!", "id: $id", ORDER_FIELDS, {"id": id}, timeout=timeout),
        )

    def fulfil(
        self,
        id: str,  # noqa: A002 — the API's name
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Order:
        """Marks an open order fulfilled (``order.fulfilled``). An order that is not open any more is a
        GraphQLError ``BAD_USER_INPUT`` with ``extensions.reason == "order_status_conflict"``."""
        return self._by_id("orderFulfil", id, idempotency_key, timeout)

    def cancel(
        self,
        id: str,  # noqa: A002 — the API's name
        *,
        reason: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Order:
        """Cancels an open order, putting every line's stock back (``order.cancelled``); ``reason`` is
        kept as its ``cancelReason``. An order that is not open any more is a GraphQLError
        ``BAD_USER_INPUT`` with ``extensions.reason == "order_status_conflict"``."""
        return cast(
            Order,
            self._ask(
                "mutation", "orderCancel", "$id: ID!, $reason: String", "id: $id, reason: $reason", ORDER_FIELDS,
                {"id": id, "reason": reason}, idempotency_key, timeout,
            ),
        )

    def mark_paid(
        self,
        id: str,  # noqa: A002 — the API's name
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Order:
        """(v1.4) Marks a pending order paid (``order.paid``); a paid one comes back unchanged. A
        cancelled order is a GraphQLError ``BAD_USER_INPUT`` with
        ``extensions.reason == "order_status_conflict"``."""
        return self._by_id("orderMarkPaid", id, idempotency_key, timeout)


def read_store(run: Run, timeout: Optional[float]) -> StorefrontStore:
    return cast(StorefrontStore, ask(run, "query", "store", "", "", STORE_FIELDS, None, timeout=timeout))


def _ids(ids: Optional[Sequence[str]], name: str) -> Optional[List[str]]:
    if ids is None:
        return None
    if isinstance(ids, (str, bytes)) or not isinstance(ids, Sequence):
        raise TypeError(f"{name} must be a list of ids")
    return list(ids)


class StorefrontCart(_Namespace):
    """A shopper's cart through a public token with ``cart:write``: ``create``, ``get``, ``add``,
    ``update``, ``remove``, ``set_buyer``. Prices always come from the catalogue (a cart shows its
    current prices); a cart checked out already raises CartCompletedError on any change."""

    _NAME = "cart"

    def _change(
        self,
        name: str,
        signature: str,
        arguments: str,
        variables: Dict[str, Any],
        idempotency_key: Optional[str],
        timeout: Optional[float],
    ) -> Cart:
        return cast(
            Cart,
            self._ask(
                "mutation", name, signature, arguments, CART_FIELDS, variables, idempotency_key, timeout,
            ),
        )

    def _change_lines(
        self,
        name: str,
        cart_id: str,
        lines: Sequence[OrderLineInput],
        idempotency_key: Optional[str],
        timeout: Optional[float],
    ) -> Cart:
        """``cartLinesAdd`` and ``cartLinesUpdate``: the same arguments, different rules."""
        return self._change(
            name,
            "$cartId: ID!, $lines: [CartLineInput!]!",
            "cartId: $cartId, lines: $lines",
            {"cartId": cart_id, "lines": line_inputs(lines)},
            idempotency_key,
            timeout,
        )

    def create(
        self,
        *,
        lines: Optional[Sequence[OrderLineInput]] = None,
        buyer_email: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Cart:
        """A new cart of the token's store, optionally with lines (``{"product_id", "quantity"}``) and
        the buyer's e-mail address."""
        cart_input: Dict[str, Any] = {}
        if lines is not None:
            cart_input["lines"] = line_inputs(lines)
        if buyer_email is not None:
            cart_input["buyerEmail"] = buyer_email
        return self._change(
            "cartCreate", "$input: CartInput", "input: $input", {"input": cart_input}, idempotency_key, timeout
        )

    def get(self, cart_id: str, *, timeout: Optional[float] = None) -> Optional[Cart]:
        """The cart with its current prices; ``None`` when there is none (unknown, expired, or another
        store's)."""
        return cast(
            Optional[Cart],
            self._ask("query", "cart", "$id: ID!", "id: $id", CART_FIELDS, {"id": cart_id}, timeout=timeout),
        )

    def add(
        self,
        cart_id: str,
        lines: Sequence[OrderLineInput],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Cart:
        """Adds lines; a product already in the cart has its quantity added to its line."""
        return self._change_lines("cartLinesAdd", cart_id, lines, idempotency_key, timeout)

    def update(
        self,
        cart_id: str,
        lines: Sequence[OrderLineInput],
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Cart:
        """Sets the quantities of these products' lines; a quantity of 0 removes the line."""
        return self._change_lines("cartLinesUpdate", cart_id, lines, idempotency_key, timeout)

    def remove(
        self,
        cart_id: str,
        product_ids: Optional[Sequence[str]] = None,
        *,
        variant_ids: Optional[Sequence[str]] = None,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Cart:
        """Removes lines: every line of each product in ``product_ids`` and (v1.4) the line of each
        variant in ``variant_ids`` — either or both. Ids the cart lacks are ignored."""
        return self._change(
            "cartLinesRemove",
            "$cartId: ID!, $productIds: [ID!], $variantIds: [ID!]",
            "cartId: $cartId, productIds: $productIds, variantIds: $variantIds",
            {
                "cartId": cart_id,
                "productIds": _ids(product_ids, "product_ids"),
                "variantIds": _ids(variant_ids, "variant_ids"),
            },
            idempotency_key,
            timeout,
        )

    def set_buyer(
        self,
        cart_id: str,
        email: str,
        *,
        idempotency_key: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Cart:
        """Sets the buyer's e-mail address (checkout needs one)."""
        return self._change(
            "cartBuyerUpdate",
            "$cartId: ID!, $buyerEmail: String!",
            "cartId: $cartId, buyerEmail: $buyerEmail",
            {"cartId": cart_id, "buyerEmail": email},
            idempotency_key,
            timeout,
        )


def checkout(
    run: Run,
    cart_id: str,
    expected_total: Optional[Price],
    idempotency_key: Optional[str],
    timeout: Optional[float],
) -> Order:
    """``checkoutComplete``: the order. An Idempotency-Key is added when none is given."""
    total = None if expected_total is None else _price(expected_total, "expected_total")
    return cast(
        Order,
        ask(
            run,
            "mutation",
            "checkoutComplete",
            "$cartId: ID!, $expectedTotal: String",
            "cartId: $cartId, expectedTotal: $expectedTotal",
            ORDER_FIELDS,
            {"cartId": cart_id, "expectedTotal": total},
            idempotency_key=new_idempotency_key() if idempotency_key is None else idempotency_key,
            timeout=timeout,
        ),
    )
