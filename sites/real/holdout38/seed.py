"""Seed the root folder of the JupyterLab of sites/real/holdout38 with Wonderland files.

Run by `setup` with the app's own venv Python, on the (emptied) root folder the server serves:

    python seed.py ~/.cache/webagent/real/jupyterlab/root

What it makes (the capture script relies on these names):
  README.md                         a Markdown welcome note
  tea-party/                        three notebooks, executed here (nbclient, the venv's
                                    ipykernel) so their outputs are saved:
    guest-list.ipynb                markdown, code, a small HTML table and a printed summary
    riddles.ipynb                   markdown, code, and a cell that fails (a KeyError traceback)
    clock.ipynb                     markdown and code, the stopped clock's times
  data/                             guests.csv, menu.json, notes.txt, schedule.csv
  looking-glass/                    jabberwocky.md, chess-problem.md, poem.txt, moves.json
  croquet/                          a long folder: 36 score cards (match-01.csv ...) and a notebook
  empty-drawer/                     an empty folder
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()

GUESTS = [
    ("Alice", "guest", "milk without sugar", 3),
    ("Mad Hatter", "host", "Earl Grey", 11),
    ("March Hare", "host", "whatever is clean", 9),
    ("Dormouse", "host", "treacle", 1),
    ("White Rabbit", "late", "none (no time)", 0),
    ("Cheshire Cat", "uninvited", "just the grin", 2),
]


def write(path: str, text: str) -> None:
    p = ROOT / path
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


def notebook(path: str, cells: list, allow_errors: bool = False) -> None:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    p = ROOT / path
    p.parent.mkdir(parents=True, exist_ok=True)
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=allow_errors,
                   resources={"metadata": {"path": str(p.parent)}}).execute()
    nbformat.write(nb, p)


def main() -> None:
    write("README.md", """# The Mad Tea-Party workspace

Notes, data and notebooks kept by Alice after the tea-party at the March Hare's house.

## Folders

- **tea-party/**: notebooks about the guests, the riddles and the stopped clock
- **data/**: the guest list, the menu and the schedule as CSV and JSON
- **looking-glass/**: the Jabberwocky poem and a chess problem
- **croquet/**: score cards from the Queen's croquet ground
- **empty-drawer/**: nothing in it yet

> "Take some more tea," the March Hare said to Alice, very earnestly.
""")

    csv = "name,role,tea,cups\n" + "".join(f"{n},{r},{t},{c}\n" for n, r, t, c in GUESTS)
    write("data/guests.csv", csv)
    write("data/schedule.csv", "time,event,place\n" + "".join(
        f"18:00,{e},{p}\n" for e, p in [
            ("Tea is poured", "the long table"), ("Riddle: raven and writing-desk", "head of table"),
            ("Dormouse tells a story", "the teapot"), ("Everybody moves one place on", "table"),
            ("Alice leaves", "the wood")]))
    write("data/menu.json", json.dumps({
        "party": "Mad Tea-Party", "always": "six o'clock",
        "menu": [{"item": "tea", "kinds": ["Earl Grey", "treacle tea"]},
                 {"item": "bread-and-butter", "note": "the best butter"},
                 {"item": "wine", "available": False}],
        "seats": {"taken": 4, "free": 20}}, indent=2) + "\n")
    write("data/notes.txt", """Notes from the tea-party

The table was a large one, but the three were all crowded together at one corner of it.
"No room! No room!" they cried out when they saw Alice coming.
"There's PLENTY of room!" said Alice indignantly, and she sat down in a large arm-chair at
one end of the table.

Things to remember:
- The Hatter's watch is two days wrong.
- Butter does not mend watches, even the best butter.
- Never ask the Dormouse for a story after the third cup.
""")

    write("looking-glass/jabberwocky.md", """# Jabberwocky

'Twas brillig, and the slithy toves
Did gyre and gimble in the wabe:
All mimsy were the borogoves,
And the mome raths outgrabe.

## The warning

"Beware the Jabberwock, my son!
The jaws that bite, the claws that catch!
Beware the Jubjub bird, and shun
The frumious Bandersnatch!"

## Glossary

| word | meaning |
| --- | --- |
| brillig | four o'clock in the afternoon |
| slithy | lithe and slimy |
| mimsy | flimsy and miserable |
""")
    write("looking-glass/chess-problem.md", """# The chess problem

White pawn (Alice) to play, and win in eleven moves.

1. Alice meets the Red Queen.
2. Alice through the third square by railway to the fourth.
3. Alice meets Tweedledum and Tweedledee.
4. Alice becomes Queen in the eighth square.
""")
    write("looking-glass/poem.txt", """The Walrus and the Carpenter

The sun was shining on the sea,
Shining with all his might:
He did his very best to make
The billows smooth and bright --
And this was odd, because it was
The middle of the night.
""")
    write("looking-glass/moves.json", json.dumps(
        [{"move": i + 1, "piece": p, "to": s} for i, (p, s) in enumerate(
            [("white pawn", "d4"), ("red queen", "e4"), ("white queen", "c5"),
             ("white pawn", "d5"), ("white knight", "f5")])], indent=2) + "\n")

    for i in range(1, 37):
        write(f"croquet/match-{i:02d}.csv", "player,hoops,flamingo\n"
              f"Queen of Hearts,{(i * 7) % 12},obedient\nAlice,{(i * 5) % 10},wriggly\n"
              f"Duchess,{(i * 3) % 9},sulky\n")
    (ROOT / "empty-drawer").mkdir(parents=True, exist_ok=True)

    notebook("tea-party/guest-list.ipynb", [
        new_markdown_cell("# Guest list\n\nWho sat at the **Mad Tea-Party**, what they drank "
                          "and how many cups. The table is read from `../data/guests.csv`."),
        new_code_cell("import csv\n\nwith open('../data/guests.csv') as f:\n"
                      "    guests = list(csv.DictReader(f))\nlen(guests)"),
        new_markdown_cell("## The table"),
        new_code_cell("from IPython.display import HTML\n\n"
                      "head = '<tr><th>name</th><th>role</th><th>tea</th><th>cups</th></tr>'\n"
                      "rows = ''.join(\n    f\"<tr><td>{g['name']}</td><td>{g['role']}</td>"
                      "<td>{g['tea']}</td><td>{g['cups']}</td></tr>\"\n    for g in guests\n)\n"
                      "HTML(f'<table>{head}{rows}</table>')"),
        new_code_cell("total = sum(int(g['cups']) for g in guests)\n"
                      "print(f'{total} cups of tea poured for {len(guests)} guests')\n"
                      "print('most thirsty:', max(guests, key=lambda g: int(g['cups']))['name'])"),
        new_markdown_cell("The White Rabbit never sat down: *no time*."),
    ])
    notebook("tea-party/riddles.ipynb", [
        new_markdown_cell("# Riddles\n\n\"Why is a raven like a writing-desk?\" The Hatter asks "
                          "riddles that have no answers. This notebook looks them up."),
        new_code_cell("answers = {\n    'What is the use of a book without pictures?': "
                      "'none at all',\n    'Who stole the tarts?': 'the Knave of Hearts',\n}\n"
                      "for q, a in answers.items():\n    print(q, '->', a)"),
        new_markdown_cell("## The Hatter's riddle\n\nLooking it up fails: nobody knows."),
        new_code_cell("answers['Why is a raven like a writing-desk?']"),
        new_code_cell("riddles_left = 1 / 0  # 'I haven't the slightest idea,' said the Hatter"),
    ], allow_errors=True)
    notebook("tea-party/clock.ipynb", [
        new_markdown_cell("# The stopped clock\n\nIt is always six o'clock: always tea-time."),
        new_code_cell("from datetime import time\n\nteatime = time(18, 0)\n"
                      "[teatime.isoformat() for _ in range(3)]"),
        new_code_cell("for day in ['Monday', 'Tuesday', 'Wednesday']:\n"
                      "    print(day, 'at', teatime.strftime('%H:%M'), '- tea again')"),
    ])
    notebook("croquet/scores.ipynb", [
        new_markdown_cell("# Croquet scores\n\nHoops won per match by the Queen of Hearts."),
        new_code_cell("import csv, glob\n\nqueen = []\nfor name in sorted(glob.glob('match-*.csv')):\n"
                      "    with open(name) as f:\n        rows = list(csv.DictReader(f))\n"
                      "    queen.append(int(rows[0]['hoops']))\nprint(len(queen), 'matches,', "
                      "sum(queen), 'hoops for the Queen')"),
    ])
    for p in sorted(ROOT.rglob("*")):
        if p.is_file():
            print("  ", p.relative_to(ROOT))


if __name__ == "__main__":
    main()
