"""(v1.4) An app's product images: uploads through GraphQL staged uploads, and a product's images."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple, cast

from ._errors import APIConnectionError, APITimeoutError, ApiError
from ._graphql import Run, field
from ._transport import USER_AGENT, _no_redirects
from ._types import Media

MEDIA_FIELDS = "id purpose contentType width height bytes filename url renditions { name url } createdAt"

__all__ = ["AppMedia", "MEDIA_FIELDS"]


def multipart(fields: Sequence[Tuple[str, str]], data: bytes, filename: str, content_type: str) -> Tuple[bytes, str]:
    """An HTML form as a browser posts it (multipart/form-data): every field in order, then the file
    as the part named ``file``. Returns the body and its Content-Type."""
    boundary = f"----storefront{uuid.uuid4().hex}"
    out: List[bytes] = []
    for name, value in fields:
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{_quoted(name)}"\r\n\r\n'.encode())
        out.append(value.encode("utf-8") + b"\r\n")
    out.append(
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{_quoted(filename)}"\r\n'
            f"Content-Type: {content_type}\r\n\r\n"
        ).encode()
    )
    out.append(data + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


def _quoted(text: str) -> str:
    # The HTML form encoding: quotes and line breaks are escaped in a part's names.
    return text.replace("\\", "\\\\").replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")


def post_form(
    url: str, fields: Sequence[Tuple[str, str]], data: bytes, filename: str, content_type: str, timeout: float
) -> None:
    """Posts a staged upload's form to its own URL (the bucket, or the service on the disk backend),
    without the bearer token: the signed policy is the form's authority. Not retried (a form post is not
    idempotent to every storage service). An answer outside 2xx is an ApiError with the storage's status
    (``upload_refused`` when its body is not a problem)."""
    body, form_type = multipart(fields, data, filename, content_type)
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": form_type, "User-Agent": USER_AGENT}
    )
    try:
        with _no_redirects().open(request, timeout=timeout) as answer:
            status = answer.status
            raw = answer.read()
            request_id = answer.headers.get("x-request-id")
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            raise APITimeoutError(f"No answer within {timeout:g} s (the upload form).") from None
        raise APIConnectionError(f"Could not post the upload form: {error.reason}") from None
    except TimeoutError:
        raise APITimeoutError(f"No answer within {timeout:g} s (the upload form).") from None
    except OSError as error:
        raise APIConnectionError(f"Could not post the upload form: {error}") from None
    if 200 <= status < 300:
        return
    problem: Dict[str, Any] = {"status": status, "detail": raw[:200].decode("utf-8", "replace")}
    try:
        parsed = json.loads(raw)
        if isinstance(parsed, dict):
            problem = parsed
    except ValueError:
        pass  # S3 answers XML: its text is the detail.
    raise ApiError(
        str(problem.get("detail") or problem.get("title") or f"HTTP {status}"),
        status=status,
        code=str(problem.get("code") or "upload_refused"),
        problem=problem,
        request_id=request_id,
    )


class AppMedia:
    """The store's media for product images (``products:write``): ``upload``."""

    def __init__(self, run: Run, owner: str, timeout: float) -> None:
        self._run = run
        self._owner = owner
        self._timeout = timeout

    def __repr__(self) -> str:
        return f"<{self._owner}.media>"

    def upload(
        self,
        data: bytes,
        *,
        filename: str,
        content_type: str,
        timeout: Optional[float] = None,
    ) -> Media:
        """Uploads one product image: stages the upload, posts the form straight to storage, completes
        it, and returns the checked media (``renditions`` a list of ``{"name", "url"}``). A file the
        server refuses raises GraphQLError BAD_USER_INPUT whose ``extensions["reason"]`` says why
        (``not_an_image``, ``type_mismatch``, ``too_many_pixels``, …)."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("data must be bytes")
        content = bytes(data)
        staged = field(
            self._run(
                "mutation StagedUploadCreate($input: StagedUploadInput!) { stagedUploadCreate(input: $input) "
                "{ id url fields { name value } expiresAt } }",
                {"input": {"filename": filename, "contentType": content_type, "size": len(content)}},
                timeout=timeout,
            ),
            "stagedUploadCreate",
        )
        fields = [(str(f["name"]), str(f["value"])) for f in staged["fields"]]
        post_form(staged["url"], fields, content, filename, content_type, self._timeout if timeout is None else timeout)
        data_out = self._run(
            f"mutation StagedUploadComplete($id: ID!) {{ stagedUploadComplete(id: $id) {{ {MEDIA_FIELDS} }} }}",
            {"id": staged["id"]},
            timeout=timeout,
        )
        return cast(Media, field(data_out, "stagedUploadComplete"))
