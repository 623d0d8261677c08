"""Seed the Wonderland Wiki (sites/real/holdout10) through Moin's own item API.

Run by `setup` with the wiki's venv and MOINCFG pointing at its wikiconfig.py, after the
users exist. Each `pages/NN_Name[@rev].moin` file is one saved revision, applied in name
order, as the user named in its header (so history shows alice and bob as the authors):

    name: Mad Tea Party           the item's name (a "/" makes a sub-item; users/... a user page)
    author: bob                   who saves it
    comment: Added the riddle     the revision's comment
    tags: Tea, Characters         the item's tags (comma separated, may be empty)
    acl: alice:read All:          optional item ACL
    <blank line>
    the Moin wiki markup

Then two sub-items are added as alice: a PNG picture and a CSV table under Croquet.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

from moin import flaskg, user
from moin.app import before_wiki, create_app
from moin.items import Item
from moin.storage.middleware import protecting

HERE = Path(__file__).resolve().parent
WIKI = "text/x.moin.wiki;charset=utf-8"


def read(path: Path) -> tuple[dict[str, str], str]:
    head, _, body = path.read_text(encoding="utf-8").partition("\n\n")
    meta = {}
    for line in head.splitlines():
        key, _, value = line.partition(":")
        meta[key.strip()] = value.strip()
    return meta, body


def act_as(app, name: str) -> None:
    flaskg.user = user.User(auth_username=name)
    assert flaskg.user.valid, f"no user {name}: create it first"
    flaskg.storage = protecting.ProtectingMiddleware(app.storage, flaskg.user, app.cfg.acl_mapping)


def save(
    name: str, data: str | bytes, contenttype: str, *, comment: str, tags: list[str], acl=None
) -> None:
    meta = {"contenttype": contenttype, "itemtype": "default", "tags": tags}
    if acl:
        meta["acl"] = acl
    Item.create(name).modify(meta, data, comment=comment)


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain one-colour PNG, without any imaging library."""
    row = b"\x00" + bytes(rgb) * width
    raw = row * height

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def main() -> int:
    app = create_app()
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        before_wiki()
        for path in sorted((HERE / "pages").glob("*.moin")):
            meta, body = read(path)
            act_as(app, meta["author"])
            tags = [t.strip() for t in meta.get("tags", "").split(",") if t.strip()]
            comment = meta.get("comment", "")
            save(meta["name"], body, WIKI, comment=comment, tags=tags, acl=meta.get("acl"))
            print(f"  {path.name}: {meta['name']!r} by {meta['author']}")
        act_as(app, "alice")
        save(
            "Croquet/flamingo.png",
            png(120, 80, (252, 142, 172)),
            "image/png",
            comment="A flamingo-pink swatch for the mallets",
            tags=["Croquet"],
        )
        save(
            "Croquet/Scores.csv",
            "Player;Hoops;Beheadings ordered\r\n"
            "Queen of Hearts;12;31\r\nAlice;3;0\r\nDuchess;1;2\r\n",
            "text/csv;charset=utf-8",
            comment="Scores of the last game",
            tags=["Croquet"],
        )
        print("  Croquet/flamingo.png, Croquet/Scores.csv by alice")
    return 0


if __name__ == "__main__":
    sys.exit(main())
