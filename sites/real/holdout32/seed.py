#!/usr/bin/env python3
"""Seed the Directus of sites/real/holdout32 through its own REST API (run by `setup` while a
server of the fresh database runs): the Wonderland Library, three collections (authors, books,
loans) with relations and items, a folder with two files, a restricted role for the second
user, a public read permission on authors and books, and public registration.

Usage: seed.py BASE_URL   with WEBAGENT_REAL_PASSWORD (alice's password) and ADMIN_EMAIL in the
environment; the password is never written to a file.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import uuid
import zlib
from urllib.error import HTTPError
from urllib.request import Request, urlopen

BASE = sys.argv[1].rstrip("/")
EMAIL = os.environ["ADMIN_EMAIL"]
PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
TOKEN = ""


def call(method: str, path: str, body: object = None, *, raw: bytes | None = None,
         content_type: str = "application/json") -> object:
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    headers = {"Content-Type": content_type}
    if TOKEN:
        headers["Authorization"] = f"Bearer {TOKEN}"
    try:
        with urlopen(Request(BASE + path, data=data, method=method, headers=headers)) as r:
            text = r.read().decode()
    except HTTPError as e:
        sys.exit(f"seed: {method} {path}: {e.code} {e.read().decode()[:500]}")
    return json.loads(text)["data"] if text else None


def field(name: str, type_: str, interface: str | None = None, *, note: str | None = None,
          width: str = "full", required: bool = False, options: dict | None = None,
          display: str | None = None, special: list[str] | None = None,
          schema: dict | None = None, display_options: dict | None = None) -> dict:
    meta: dict = {"interface": interface, "width": width, "required": required}
    if note:
        meta["note"] = note
    if options:
        meta["options"] = options
    if display:
        meta["display"] = display
    if display_options:
        meta["display_options"] = display_options
    if special:
        meta["special"] = special
    return {"field": name, "type": type_, "meta": meta, "schema": schema or {}}


def pk() -> dict:
    return {"field": "id", "type": "integer", "meta": {"hidden": True, "interface": "input",
            "readonly": True}, "schema": {"is_primary_key": True, "has_auto_increment": True}}


def choices(*values: str) -> dict:
    return {"choices": [{"text": v.replace("_", " ").title(), "value": v} for v in values]}


def collection(name: str, icon: str, note: str, template: str, fields: list[dict],
               sort: int) -> None:
    call("POST", "/collections", {
        "collection": name,
        "meta": {"icon": icon, "note": note, "display_template": template, "sort": sort,
                 "accountability": "all"},
        "schema": {},
        "fields": [pk(), *fields],
    })


def relation(many: str, field_: str, one: str, alias: str | None = None) -> None:
    call("POST", "/relations", {
        "collection": many, "field": field_, "related_collection": one,
        "meta": {"one_field": alias, "sort_field": None, "one_deselect_action": "nullify"},
        "schema": {"on_delete": "SET NULL"},
    })


def png(width: int, height: int, color: tuple[int, int, int]) -> bytes:
    """A plain PNG picture of one colour, made here (no file is fetched)."""
    row = b"\x00" + bytes(color) * width

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def upload(name: str, mime: str, content: bytes, title: str, description: str, folder: str) -> str:
    boundary = uuid.uuid4().hex
    parts = []
    for key, value in (("title", title), ("description", description), ("folder", folder)):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n'
                     f"{value}\r\n".encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                 f'filename="{name}"\r\nContent-Type: {mime}\r\n\r\n'.encode() + content + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    data = call("POST", "/files", raw=b"".join(parts),
                content_type=f"multipart/form-data; boundary={boundary}")
    return data["id"]  # type: ignore[index]


def main() -> None:
    global TOKEN
    TOKEN = call("POST", "/auth/login", {"email": EMAIL, "password": PASSWORD})["access_token"]  # type: ignore[index]
    me = call("GET", "/users/me?fields=id,role")
    call("PATCH", f"/users/{me['id']}", {  # type: ignore[index]
        "first_name": "Alice", "last_name": "Liddell", "title": "Head Librarian",
        "location": "Wonderland", "description": "Keeps the books of the Wonderland Library."})

    # -- collections --------------------------------------------------------------------------
    collection("authors", "person", "Writers whose books the library keeps", "{{name}}", [
        field("name", "string", "input", required=True, width="half"),
        field("born", "integer", "input", width="half", note="Year of birth"),
        field("country", "string", "input", width="half"),
        field("biography", "text", "input-multiline"),
    ], 1)
    collection("books", "menu_book", "The library's catalogue", "{{title}}", [
        field("title", "string", "input", required=True),
        field("author", "integer", "select-dropdown-m2o", special=["m2o"],
              options={"template": "{{name}}"}, display="related-values", width="half",
              display_options={"template": "{{name}}"}),
        field("year", "integer", "input", width="half", note="Year first published"),
        field("genre", "string", "select-dropdown", width="half", display="labels",
              options=choices("novel", "poetry", "nonsense", "mathematics", "essay")),
        field("status", "string", "select-dropdown", width="half", display="labels",
              options=choices("available", "on_loan", "lost"), schema={"default_value": "available"}),
        field("pages", "integer", "input", width="half"),
        field("isbn", "string", "input", width="half"),
        field("summary", "text", "input-multiline"),
        field("cover", "uuid", "file-image", special=["file"], width="half"),
    ], 2)
    collection("loans", "sync_alt", "Who borrowed which book, and when", "{{book.title}}", [
        field("book", "integer", "select-dropdown-m2o", special=["m2o"],
              options={"template": "{{title}}"}, display="related-values", width="half",
              display_options={"template": "{{title}}"}, required=True),
        field("borrower", "string", "input", width="half", required=True),
        field("loaned_on", "date", "datetime", width="half"),
        field("due_on", "date", "datetime", width="half"),
        field("returned", "boolean", "boolean", width="half", special=["cast-boolean"],
              display="boolean", schema={"default_value": False}),
        field("notes", "text", "input-multiline"),
    ], 3)
    relation("books", "author", "authors")
    relation("books", "cover", "directus_files")
    relation("loans", "book", "books")
    # the columns of each collection's table, for everyone (a preset with no user, no role)
    for coll, columns in (("authors", ["name", "born", "country"]),
                          ("books", ["title", "author", "year", "genre", "status"]),
                          ("loans", ["book", "borrower", "loaned_on", "due_on", "returned"])):
        call("POST", "/presets", {"collection": coll, "layout": "tabular",
                                  "layout_query": {"tabular": {"fields": columns, "sort": ["id"]}}})

    # -- files ----------------------------------------------------------------------------------
    folder = call("POST", "/folders", {"name": "Covers"})["id"]  # type: ignore[index]
    cover = upload("looking-glass-cover.png", "image/png", png(240, 360, (153, 51, 102)),
                   "Through the Looking-Glass cover", "The red cover of the library's copy.",
                   folder)
    upload("borrowing-rules.txt", "text/plain",
           b"Wonderland Library borrowing rules\n\n1. Three books at a time.\n"
           b"2. Loans last three weeks.\n3. No reading at the Queen's croquet games.\n",
           "Borrowing rules", "The rules pinned at the front desk.", folder)

    # -- items ----------------------------------------------------------------------------------
    authors = [
        ("Lewis Carroll", 1832, "England", "Mathematician, photographer and author of the "
         "two Alice books and of nonsense verse."),
        ("Edward Lear", 1812, "England", "Painter and poet, famous for his limericks and "
         "nonsense songs."),
        ("Christina Rossetti", 1830, "England", "Poet of 'Goblin Market' and of many poems "
         "for children."),
        ("George MacDonald", 1824, "Scotland", "Minister and writer of fairy tales, a friend "
         "of Lewis Carroll."),
        ("Jane Austen", 1775, "England", "Novelist of manners, author of six novels."),
    ]
    aid = [call("POST", "/items/authors", {"name": n, "born": b, "country": c, "biography": t})["id"]  # type: ignore[index]
           for n, b, c, t in authors]
    books = [
        ("Alice's Adventures in Wonderland", 0, 1865, "novel", "on_loan", 192,
         "A girl falls down a rabbit-hole into a world of talking animals and a furious queen."),
        ("Through the Looking-Glass", 0, 1871, "novel", "available", 224,
         "Alice steps through a mirror into a country laid out like a chessboard."),
        ("The Hunting of the Snark", 0, 1876, "poetry", "available", 83,
         "An agony in eight fits: a crew sets out to hunt an imaginary creature."),
        ("Sylvie and Bruno", 0, 1889, "novel", "lost", 395,
         "Two stories, one in Victorian England and one in Fairyland, woven together."),
        ("Euclid and His Modern Rivals", 0, 1879, "mathematics", "available", 300,
         "A defence of Euclid's Elements as a textbook of geometry, written as a play."),
        ("A Book of Nonsense", 1, 1846, "nonsense", "on_loan", 112,
         "Limericks with the author's own drawings."),
        ("Nonsense Songs, Stories, Botany, and Alphabets", 1, 1871, "nonsense", "available", 150,
         "Includes 'The Owl and the Pussy-cat'."),
        ("Goblin Market and Other Poems", 2, 1862, "poetry", "available", 192,
         "Two sisters and the goblin men who sell forbidden fruit."),
        ("Sing-Song: A Nursery Rhyme Book", 2, 1872, "poetry", "on_loan", 130,
         "Nursery rhymes illustrated by Arthur Hughes."),
        ("At the Back of the North Wind", 3, 1871, "novel", "available", 378,
         "A boy named Diamond and his travels with the North Wind."),
        ("The Princess and the Goblin", 3, 1872, "novel", "available", 313,
         "Princess Irene and the miner's boy Curdie against the goblins under the mountain."),
        ("Phantastes", 3, 1858, "novel", "available", 323,
         "A faerie romance for men and women."),
        ("Pride and Prejudice", 4, 1813, "novel", "on_loan", 432,
         "Elizabeth Bennet and Mr Darcy, and the pride and prejudice of both."),
        ("Emma", 4, 1815, "novel", "available", 474,
         "A young woman who matchmakes for everyone but herself."),
        ("Northanger Abbey", 4, 1817, "novel", "available", 251,
         "A reader of Gothic novels visits an abbey of her own."),
        ("Persuasion", 4, 1817, "novel", "available", 249,
         "Anne Elliot meets again the naval officer she was persuaded to refuse."),
        ("Sense and Sensibility", 4, 1811, "novel", "available", 409,
         "The Dashwood sisters, one all sense, one all sensibility."),
        ("Mansfield Park", 4, 1814, "novel", "available", 507,
         "Fanny Price grows up among her rich cousins."),
        ("Rhyme? and Reason?", 0, 1883, "poetry", "available", 214,
         "Comic verse collected from earlier books."),
        ("A Tangled Tale", 0, 1885, "mathematics", "available", 152,
         "Ten knots: mathematical puzzles told as stories."),
        ("Laughable Lyrics", 1, 1877, "nonsense", "available", 98,
         "Includes 'The Dong with a Luminous Nose'."),
        ("Speaking Likenesses", 2, 1874, "novel", "available", 96,
         "Three stories told by an aunt to her nieces."),
        ("The Light Princess", 3, 1864, "novel", "available", 64,
         "A princess with no gravity, in body or in mind."),
        ("Lady Susan", 4, 1871, "novel", "available", 80,
         "A novel in letters about a most accomplished coquette."),
        ("Pillow Problems", 0, 1893, "mathematics", "available", 109,
         "Seventy-two problems solved in the head at night."),
        ("More Nonsense, Pictures, Rhymes, Botany", 1, 1872, "nonsense", "available", 120,
         "More limericks and nonsense botany."),
    ]
    bid = []
    for n, (title, a, year, genre, status, pages, summary) in enumerate(books):
        item = {"title": title, "author": aid[a], "year": year, "genre": genre, "status": status,
                "pages": pages, "isbn": f"978-0-00-{100000 + n * 137:06d}-{n % 10}",
                "summary": summary}
        if title == "Through the Looking-Glass":
            item["cover"] = cover
        bid.append(call("POST", "/items/books", item)["id"])  # type: ignore[index]
    loans = [
        (0, "The Mad Hatter", "2026-11-02", "2026-11-23", False, "Asked to keep it until tea."),
        (5, "The Dormouse", "2026-11-10", "2026-12-01", False, ""),
        (8, "Bill the Lizard", "2026-11-15", "2026-12-06", False, ""),
        (12, "The Duchess", "2026-11-20", "2026-12-11", False, "Reserved again by the Cook."),
        (1, "The White Rabbit", "2026-10-01", "2026-10-22", True, "Returned late, with apologies."),
        (3, "The Cheshire Cat", "2026-09-12", "2026-10-03", False, "Book and borrower both vanished."),
        (13, "The Mock Turtle", "2026-10-05", "2026-10-26", True, ""),
    ]
    for b, who, start, due, returned, notes in loans:
        call("POST", "/items/loans", {"book": bid[b], "borrower": who, "loaned_on": start,
                                      "due_on": due, "returned": returned, "notes": notes})
    # an edit, so that the item has a revision history
    call("PATCH", f"/items/books/{bid[2]}", {"summary": "An agony in eight fits: the Bellman's "
         "crew hunts a Snark, which may turn out to be a Boojum."})

    # -- a restricted role for the second user, the public's read permission ---------------------
    policy = call("POST", "/policies", {"name": "Library volunteer", "icon": "badge",
                                        "app_access": True, "admin_access": False,
                                        "description": "May read the catalogue, not the loans"})["id"]  # type: ignore[index]
    for coll in ("books", "authors"):
        call("POST", "/permissions", {"policy": policy, "collection": coll, "action": "read",
                                      "fields": ["*"], "permissions": {}})
    role = call("POST", "/roles", {"name": "Volunteer", "icon": "badge",
                                   "description": "Helps at the front desk"})["id"]  # type: ignore[index]
    call("POST", "/access", {"role": role, "policy": policy})
    call("POST", "/users", {"first_name": "Mad", "last_name": "Hatter",
                            "email": "hatter@wonderland.example.com", "password": PASSWORD,
                            "role": role, "title": "Volunteer", "status": "active"})
    call("POST", "/users", {"first_name": "White", "last_name": "Rabbit",
                            "email": "rabbit@wonderland.example.com", "role": role,
                            "title": "Timekeeper", "status": "invited"})
    public = call("GET", "/policies?filter[name][_eq]=%24t%3Apublic_label&fields=id")
    if public:
        for coll in ("books", "authors"):
            call("POST", "/permissions", {"policy": public[0]["id"], "collection": coll,  # type: ignore[index]
                                          "action": "read", "fields": ["*"], "permissions": {}})
    call("PATCH", "/settings", {"project_name": "Wonderland Library",
                                "project_descriptor": "Catalogue and loans",
                                "public_note": "The catalogue of the Wonderland Library.",
                                "public_registration": True,
                                "public_registration_verify_email": False,
                                "public_registration_role": role})
    print(f"seeded: {len(aid)} authors, {len(bid)} books, {len(loans)} loans, 2 files, "
          f"3 users (public read on books and authors: {bool(public)})")


if __name__ == "__main__":
    main()
