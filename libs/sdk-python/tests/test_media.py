"""(v1.4) An app's product images against the real server: ``media.upload`` through GraphQL staged
uploads (the form posted straight to storage), and ``products.images`` add, update and remove."""

from __future__ import annotations

import struct
import unittest
import zlib

from storefront_platform import GraphQLError

from support import new_app, unique


def png(width: int, height: int) -> bytes:
    """A real PNG of one colour, made with the standard library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + b"\xc8\x28\x5a" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class MediaTests(unittest.TestCase):
    def test_uploads_a_product_image_and_adds_moves_retitles_and_removes_it(self) -> None:
        client = new_app().client()
        media = client.media.upload(png(64, 32), filename="shot.png", content_type="image/png")
        self.assertEqual((media["purpose"], media["width"], media["height"]), ("product_image", 64, 32))
        self.assertEqual([r["name"] for r in media["renditions"]], ["small", "medium", "large"])
        second = client.media.upload(png(10, 10), filename="square.png", content_type="image/png")

        product = client.products.create(
            handle=unique("py-image"), title="Pictured", price="4.00", currency_code="INR", inventory=1
        )
        self.assertEqual(product["images"], [])
        self.assertIsNone(product["featuredImage"])
        added = client.products.images.add(
            product["id"], [{"media_id": media["id"], "alt_text": "Wide"}, {"media_id": second["id"]}]
        )
        self.assertEqual([i["altText"] for i in added["images"]], ["Wide", None])
        self.assertEqual(added["featuredImage"], added["images"][0])
        medium = next(r["url"] for r in media["renditions"] if r["name"] == "medium")
        self.assertEqual(added["images"][0]["url"], medium)

        moved = client.products.images.update(product["id"], added["images"][1]["id"], position=0, alt_text="Square")
        self.assertEqual(moved["images"][0]["id"], added["images"][1]["id"])
        self.assertEqual(moved["images"][0]["altText"], "Square")
        cleared = client.products.images.update(product["id"], added["images"][1]["id"], alt_text=None)
        self.assertIsNone(cleared["images"][0]["altText"])
        removed = client.products.images.remove(product["id"], added["images"][1]["id"])
        self.assertEqual([i["id"] for i in removed["images"]], [added["images"][0]["id"]])

    def test_a_file_that_is_not_an_image_is_refused_with_its_reason(self) -> None:
        client = new_app().client()
        with self.assertRaises(GraphQLError) as caught:
            client.media.upload(b"definitely not a png", filename="fake.png", content_type="image/png")
        self.assertEqual(caught.exception.codes, ["BAD_USER_INPUT"])
        self.assertEqual(caught.exception.errors[0]["extensions"]["reason"], "not_an_image")
        with self.assertRaises(TypeError):
            client.products.images.add("p", [{"mediaId": "x"}])  # type: ignore[list-item]


if __name__ == "__main__":
    unittest.main()
