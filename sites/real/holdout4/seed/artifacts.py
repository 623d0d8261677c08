"""Write the wiki, technote, ticket and forum artifacts of the holdout4 Fossil repository.

Usage: python3 artifacts.py SEED_DIR OUT_DIR

Reads wiki.txt, technotes.txt, tickets.txt and forum.txt of SEED_DIR and writes one Fossil
control artifact per line into OUT_DIR (art001, art002, ... in date order), in the card
format of Fossil's fileformat.wiki, with the dates, users and (deterministic) ticket and
technote ids of the seed files. `setup` adds them with `fossil test-content-put` and
cross-links them with `fossil rebuild`: so the repository is the same after every setup,
dated like its check-ins, instead of "now" with random ticket ids as `fossil wiki create`
and `fossil ticket add` would make it.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path


def esc(text: str) -> str:
    """Fossil's card escaping."""
    return text.replace("\\", "\\\\").replace(" ", "\\s").replace("\n", "\\n")


def stamp(date: str) -> str:
    return date.replace(" ", "T") + ".000"


def artifact(cards: list[str], body: str | None = None) -> str:
    """Cards must come sorted by their letter; W's body is followed by a newline."""
    text = "\n".join(cards) + "\n"
    if body is not None:
        text += f"W {len(body.encode())}\n{body}\n"
    return text + f"Z {hashlib.md5(text.encode()).hexdigest()}\n"


def sha3(text: str) -> str:
    return hashlib.sha3_256(text.encode()).hexdigest()


def rows(path: Path, fields: int) -> list[list[str]]:
    out = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            out.append(line.split("|", fields - 1))
    return out


Made = list[tuple[str, str, str]]  # (date, what, artifact)


def wiki_and_technotes(seed: Path, made: Made) -> None:
    """Wiki pages (one named again is a new version of it, P: the previous one), technotes."""
    last: dict[str, str] = {}
    for date, user, file, name, mimetype in rows(seed / "wiki.txt", 5):
        body = (seed / "wiki" / file).read_text()
        cards = [f"D {stamp(date)}", f"L {esc(name)}"]
        if mimetype != "text/x-fossil-wiki":
            cards.append(f"N {mimetype}")
        if name in last:
            cards.append(f"P {last[name]}")
        cards.append(f"U {user}")
        art = artifact(cards, body)
        last[name] = sha3(art)
        made.append((date, f"wiki {name!r} by {user}", art))

    for date, user, tag, file, comment in rows(seed / "technotes.txt", 5):
        body = (seed / file).read_text()
        note_id = hashlib.sha1(f"technote:{comment}".encode()).hexdigest()
        cards = [f"C {esc(comment)}", f"D {stamp(date)}", f"E {date.replace(' ', 'T')} {note_id}",
                 "N text/x-markdown", f"T +sym-{tag} *", f"U {user}"]  # fmt: skip
        made.append((date, f"technote {comment!r}", artifact(cards, body)))


def tickets(seed: Path, made: Made) -> None:
    """T opens a ticket (id: sha1 of its title), C changes the last one opened."""
    fields = ["title", "type", "priority", "severity", "subsystem", "foundin", "icomment"]
    ticket = ""
    for kind, date, user, *rest in rows(seed / "tickets.txt", 10):
        if kind == "T":
            values = dict(zip(fields, rest, strict=True))
            values |= {"status": "Open", "resolution": "Open"}
            ticket = hashlib.sha1(f"ticket:{values['title']}".encode()).hexdigest()
            what = f"ticket {ticket[:10]} {values['title']!r}"
        else:
            status, resolution, comment = rest
            values = {"icomment": comment}
            if status:
                values["status"] = status
            if resolution:
                values["resolution"] = resolution
            what = f"  change by {user}: {status or '-'}"
        values["mimetype"] = "text/x-markdown"
        cards = [f"D {stamp(date)}"]
        cards += [f"J {k} {esc(v)}" for k, v in sorted(values.items()) if v]
        cards += [f"K {ticket}", f"U {user}"]
        made.append((date, what, artifact(cards)))


def forum(seed: Path, made: Made) -> None:
    """A title starts a thread; a number answers that post (G: thread root, I: the post)."""
    posts: dict[str, tuple[str, str]] = {}
    for number, date, user, head, text in rows(seed / "forum.txt", 5):
        cards = [f"D {stamp(date)}"]
        if head.isdigit():
            uuid, root = posts[head]
            cards += [f"G {root}", f"I {uuid}"]
        else:
            cards.append(f"H {esc(head)}")
        cards += ["N text/x-markdown", f"U {user}"]
        art = artifact(cards, text + "\n")
        uuid = sha3(art)
        posts[number] = (uuid, posts[head][1] if head.isdigit() else uuid)
        made.append((date, f"forum post {number} by {user}", art))


def main(seed: Path, out: Path) -> None:
    made: Made = []
    wiki_and_technotes(seed, made)
    tickets(seed, made)
    forum(seed, made)
    out.mkdir(parents=True, exist_ok=True)
    for i, (date, what, art) in enumerate(sorted(made, key=lambda m: m[0]), 1):
        (out / f"art{i:03d}").write_text(art)
        print(f"  {date} {what}")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
