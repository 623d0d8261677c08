"""Seed the Wonderland Library for Calibre-Web: a Calibre library (metadata.db made from
Calibre's own schema, metadata_sqlite.sql, plus one small EPUB per book) and Calibre-Web's
settings database (app.db: the library's location, the site title, guest browsing, users and
shelves). Run by `setup` with Calibre-Web's venv:

    python seed.py SCHEMA.sql LIBRARY_DIR APP_DB

alice (admin) gets the password in WEBAGENT_REAL_PASSWORD; the other users (and Calibre-Web's
built-in admin) get random ones nobody knows."""

import os
import secrets
import sqlite3
import sys
import uuid
import zipfile
from pathlib import Path

SCHEMA, LIBRARY, APP_DB = (Path(a) for a in sys.argv[1:4])
PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")

# -- the Calibre library ---------------------------------------------------------------------
# (title, authors, series and index, tags, publisher, year, language, rating 0-10, isbn, blurb)
BOOKS = [
    (
        "Alice's Adventures in Wonderland",
        ["Lewis Carroll"],
        ("Alice", 1),
        ["Fantasy", "Children", "Classics"],
        "Macmillan",
        1865,
        "eng",
        10,
        "9780141439761",
        "A girl follows a White Rabbit down a rabbit hole into a world of talking animals, a "
        "never-ending tea party and a Queen who shouts 'Off with her head!'",
    ),
    (
        "Through the Looking-Glass",
        ["Lewis Carroll"],
        ("Alice", 2),
        ["Fantasy", "Children", "Classics", "Chess"],
        "Macmillan",
        1871,
        "eng",
        8,
        "9780141439778",
        "Alice climbs through a mirror into a land laid out like a chessboard, where she means to "
        "become a queen.",
    ),
    (
        "The Hunting of the Snark",
        ["Lewis Carroll"],
        None,
        ["Poetry", "Nonsense"],
        "Macmillan",
        1876,
        "eng",
        6,
        "",
        "An agony in eight fits: a crew of ten sets out to hunt a creature "
        "that may turn out to be a Boojum.",
    ),
    (
        "Alice au pays des merveilles",
        ["Lewis Carroll"],
        None,
        ["Fantasy", "Children"],
        "Hachette",
        1869,
        "fra",
        8,
        "",
        "The first French translation of Alice's adventures, by Henri Bué.",
    ),
    (
        "The Wonderful Wizard of Oz",
        ["L. Frank Baum"],
        ("Oz", 1),
        ["Fantasy", "Children", "Classics"],
        "George M. Hill",
        1900,
        "eng",
        8,
        "9780486206912",
        "A cyclone carries Dorothy from Kansas to the Land of Oz, where she walks the yellow brick "
        "road to the Emerald City.",
    ),
    (
        "The Marvelous Land of Oz",
        ["L. Frank Baum"],
        ("Oz", 2),
        ["Fantasy", "Children"],
        "Reilly & Britton",
        1904,
        "eng",
        6,
        "",
        "Tip escapes the witch Mombi with Jack Pumpkinhead and a living Saw-Horse.",
    ),
    (
        "Ozma of Oz",
        ["L. Frank Baum"],
        ("Oz", 3),
        ["Fantasy", "Children"],
        "Reilly & Britton",
        1907,
        "eng",
        6,
        "",
        "Dorothy is washed overboard and lands in the land of Ev with a talking hen.",
    ),
    (
        "Peter and Wendy",
        ["J. M. Barrie"],
        None,
        ["Fantasy", "Children", "Classics"],
        "Hodder & Stoughton",
        1911,
        "eng",
        8,
        "9780141322575",
        "The boy who would not grow up takes the Darling children to Neverland.",
    ),
    (
        "The Wind in the Willows",
        ["Kenneth Grahame"],
        None,
        ["Children", "Classics", "Animals"],
        "Methuen",
        1908,
        "eng",
        10,
        "9780143039099",
        "Mole, Rat, Badger and the reckless Toad of Toad Hall along the river bank.",
    ),
    (
        "Five Children and It",
        ["E. Nesbit"],
        ("Psammead", 1),
        ["Fantasy", "Children"],
        "T. Fisher Unwin",
        1902,
        "eng",
        6,
        "",
        "Five children dig up a grumpy sand-fairy that "
        "grants one wish a day, each lasting until sunset.",
    ),
    (
        "The Phoenix and the Carpet",
        ["E. Nesbit"],
        ("Psammead", 2),
        ["Fantasy", "Children"],
        "T. Fisher Unwin",
        1904,
        "eng",
        4,
        "",
        "A phoenix hatches from an egg rolled up in a new "
        "carpet, which turns out to be a wishing carpet.",
    ),
    (
        "The Jungle Book",
        ["Rudyard Kipling"],
        None,
        ["Children", "Classics", "Animals"],
        "Macmillan",
        1894,
        "eng",
        8,
        "9780199536450",
        "Stories of Mowgli, raised by wolves in the Indian jungle, and of Rikki-Tikki-Tavi.",
    ),
    (
        "Just So Stories",
        ["Rudyard Kipling"],
        None,
        ["Children", "Animals"],
        "Macmillan",
        1902,
        "eng",
        6,
        "",
        "How the Whale got his Throat, How the Camel got his Hump, and other tales "
        "for little children.",
    ),
    (
        "The Secret Garden",
        ["Frances Hodgson Burnett"],
        None,
        ["Children", "Classics"],
        "Frederick A. Stokes",
        1911,
        "eng",
        8,
        "9780141321066",
        "Mary Lennox finds the key to a locked garden on her uncle's Yorkshire estate.",
    ),
    (
        "Grimms' Fairy Tales",
        ["Jacob Grimm", "Wilhelm Grimm"],
        None,
        ["Fairy tales", "Classics"],
        "Reimer",
        1812,
        "deu",
        8,
        "",
        "Hansel and Gretel, Snow "
        "White, Rapunzel and the other household tales collected by the brothers Grimm.",
    ),
    (
        "The Annotated Tea Party",
        ["Dinah Cheshire"],
        None,
        ["Tea", "Nonfiction"],
        "Wonderland Press",
        2024,
        "eng",
        0,
        "",
        "A commentary on the Mad Tea Party chapter, with "
        "recipes for treacle tea and the proper time for it (six o'clock).",
    ),
]


def author_sort(name: str) -> str:
    parts = name.split()
    return f"{parts[-1]}, {' '.join(parts[:-1])}" if len(parts) > 1 else name


def title_sort(title: str) -> str:
    for article in ("The ", "A ", "An "):
        if title.startswith(article):
            return f"{title[len(article) :]}, {article.strip()}"
    return title


def epub(path: Path, title: str, authors: list[str], language: str, blurb: str) -> int:
    """A small but valid EPUB 2 book of two chapters; returns its size."""
    ident = f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, title)}"
    chapter = (
        '<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
        "<head><title>{t}</title></head><body><h1>{t}</h1>{b}</body></html>"
    )
    opf = f"""<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" unique-identifier="id" version="2.0">
 <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:title>{title}</dc:title>{"".join(f"<dc:creator>{a}</dc:creator>" for a in authors)}
  <dc:language>{language}</dc:language><dc:identifier id="id">{ident}</dc:identifier>
 </metadata>
 <manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
  <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
  <item id="c2" href="c2.xhtml" media-type="application/xhtml+xml"/></manifest>
 <spine toc="ncx"><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>"""
    ncx = f"""<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
 <head><meta name="dtb:uid" content="{ident}"/></head><docTitle><text>{title}</text></docTitle>
 <navMap><navPoint id="n1" playOrder="1"><navLabel><text>Chapter I</text></navLabel>
  <content src="c1.xhtml"/></navPoint><navPoint id="n2" playOrder="2"><navLabel>
  <text>Chapter II</text></navLabel><content src="c2.xhtml"/></navPoint></navMap>
</ncx>"""
    container = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
 <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/>
 </rootfiles></container>"""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/container.xml", container)
        z.writestr("content.opf", opf)
        z.writestr("toc.ncx", ncx)
        z.writestr("c1.xhtml", chapter.format(t="Chapter I", b=f"<p>{blurb}</p>"))
        z.writestr("c2.xhtml", chapter.format(t="Chapter II", b="<p>The end.</p>"))
    return path.stat().st_size


LIBRARY.mkdir(parents=True, exist_ok=True)
db = sqlite3.connect(LIBRARY / "metadata.db")
db.create_function("title_sort", 1, title_sort)
db.create_function("uuid4", 0, lambda: str(uuid.uuid4()))
db.executescript(SCHEMA.read_text())
db.execute("INSERT INTO library_id (uuid) VALUES (?)", (str(uuid.uuid4()),))


def row_id(table: str, column: str, value: object, **extra: object) -> int:
    found = db.execute(f"SELECT id FROM {table} WHERE {column} = ?", (value,)).fetchone()
    if found:
        return found[0]
    cols = [column, *extra]
    marks = ", ".join("?" * len(cols))
    cur = db.execute(
        f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({marks})", (value, *extra.values())
    )
    return cur.lastrowid


for n, (title, authors, series, tags, publisher, year, lang, rating, isbn, blurb) in enumerate(
    BOOKS, start=1
):
    added = f"2025-03-{n:02d} 10:00:00+00:00"
    folder = f"{authors[0]}/{title} ({n})"
    book = db.execute(
        "INSERT INTO books (id, title, timestamp, pubdate, series_index, author_sort, path, "
        "has_cover, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
        (
            n,
            title,
            added,
            f"{year:04d}-06-01 00:00:00+00:00",
            series[1] if series else 1.0,
            " & ".join(author_sort(a) for a in authors),
            folder,
            added,
        ),
    ).lastrowid
    for a in authors:
        db.execute(
            "INSERT INTO books_authors_link (book, author) VALUES (?, ?)",
            (book, row_id("authors", "name", a, sort=author_sort(a))),
        )
    if series:
        db.execute(
            "INSERT INTO books_series_link (book, series) VALUES (?, ?)",
            (book, row_id("series", "name", series[0], sort=series[0])),
        )
    for t in tags:
        db.execute(
            "INSERT INTO books_tags_link (book, tag) VALUES (?, ?)",
            (book, row_id("tags", "name", t)),
        )
    db.execute(
        "INSERT INTO books_publishers_link (book, publisher) VALUES (?, ?)",
        (book, row_id("publishers", "name", publisher, sort=publisher)),
    )
    db.execute(
        "INSERT INTO books_languages_link (book, lang_code) VALUES (?, ?)",
        (book, row_id("languages", "lang_code", lang)),
    )
    if rating:
        db.execute(
            "INSERT INTO books_ratings_link (book, rating) VALUES (?, ?)",
            (book, row_id("ratings", "rating", rating)),
        )
    db.execute("INSERT INTO comments (book, text) VALUES (?, ?)", (book, f"<p>{blurb}</p>"))
    if isbn:
        db.execute("INSERT INTO identifiers (book, type, val) VALUES (?, 'isbn', ?)", (book, isbn))
    name = f"{title} - {authors[0]}".replace("'", "")
    size = epub(LIBRARY / folder / f"{name}.epub", title, authors, lang, blurb)
    db.execute(
        "INSERT INTO data (book, format, uncompressed_size, name) VALUES (?, 'EPUB', ?, ?)",
        (book, size, name),
    )
db.commit()
print(
    f"library: {len(BOOKS)} books, "
    f"{db.execute('SELECT count(*) FROM authors').fetchone()[0]} authors, "
    f"{db.execute('SELECT count(*) FROM series').fetchone()[0]} series, "
    f"{db.execute('SELECT count(*) FROM tags').fetchone()[0]} tags"
)
db.close()

# -- Calibre-Web's settings database ---------------------------------------------------------
sys.argv = ["cps", "-p", str(APP_DB)]
import calibreweb  # noqa: E402  (Calibre-Web's own modules are the package `cps` inside it)

sys.path.insert(0, os.path.dirname(calibreweb.__file__))
from cps import config_sql, constants, ub  # noqa: E402
from werkzeug.security import generate_password_hash  # noqa: E402

ub.init_db(str(APP_DB))
key, _error = config_sql.get_encryption_key(str(APP_DB.parent))
config_sql.load_configuration(ub.session, key)
settings = ub.session.query(config_sql._Settings).first()
settings.config_calibre_dir = str(LIBRARY)
settings.config_title = "Wonderland Library"
settings.config_anonbrowse = 1  # visitors may browse as Guest
settings.config_public_reg = 0
settings.config_uploading = 1
settings.config_books_per_page = 12
ub.session.commit()

admin = ub.session.query(ub.User).filter(ub.User.name == "admin").one()
admin.password = generate_password_hash(secrets.token_urlsafe(18))
guest = ub.session.query(ub.User).filter(ub.User.name == "Guest").one()
guest.role = constants.ROLE_ANONYMOUS | constants.ROLE_DOWNLOAD
# every sidebar section a visitor can use, no random books on the front page (stable pages)
SIDEBAR = constants.ADMIN_USER_SIDEBAR & ~constants.DETAIL_RANDOM
guest.sidebar_view = SIDEBAR & ~(
    constants.SIDEBAR_READ_AND_UNREAD | constants.SIDEBAR_ARCHIVED | constants.SIDEBAR_DOWNLOAD
)


def user(name: str, role: int, password: str | None = None) -> ub.User:
    u = ub.User()
    u.name = name
    u.email = f"{name}@wonderland.test"
    u.role = role
    u.sidebar_view = SIDEBAR
    u.password = generate_password_hash(password or secrets.token_urlsafe(18))
    u.default_language = "all"
    u.locale = "en"
    ub.session.add(u)
    ub.session.commit()
    return u


alice = user("alice", constants.ADMIN_USER_ROLES, PASSWORD)
bob = user("bob", constants.ROLE_DOWNLOAD | constants.ROLE_EDIT_SHELFS | constants.ROLE_PASSWD)
carol = user("carol", constants.ROLE_DOWNLOAD | constants.ROLE_VIEWER)


def shelf(owner: ub.User, name: str, public: bool, books: list[int]) -> None:
    s = ub.Shelf(name=name, is_public=int(public), user_id=owner.id)
    ub.session.add(s)
    ub.session.commit()
    for order, book in enumerate(books, start=1):
        s.books.append(ub.BookShelf(book_id=book, order=order))
    ub.session.commit()


shelf(alice, "Tea-time reading", True, [1, 2, 16, 9])
shelf(alice, "Alice's favourites", False, [1, 8, 14])
shelf(bob, "Bedtime stories", True, [12, 13, 15])
for book in (1, 2, 5):
    ub.session.add(ub.ReadBook(book_id=book, user_id=alice.id, read_status=1))
ub.session.commit()
print(
    f"app.db: {ub.session.query(ub.User).count()} users, "
    f"{ub.session.query(ub.Shelf).count()} shelves"
)
