"""Seed the Roundup classic tracker with users, keywords, issues and messages.

Run by sites/real/setup with the real-apps venv:
    python roundup_seed.py TRACKER_DIR
The agent's password comes from the WEBAGENT_REAL_PASSWORD environment variable.
"""

import os
import sys

import roundup.instance
from roundup import date, password

tracker_dir = sys.argv[1]
tracker = roundup.instance.open(tracker_dir)
secret = os.environ["WEBAGENT_REAL_PASSWORD"]

db = tracker.open("admin")
users = {
    "alice": dict(realname="Alice Liddell", roles="Admin,User", organisation="Wonderland Books"),
    "bob": dict(realname="Bob Hatter", roles="User", organisation="Wonderland Books"),
    "carol": dict(realname="Carol March", roles="User", organisation="Cheshire Hosting"),
}
ids = {}
for name, extra in users.items():
    ids[name] = db.user.create(
        username=name,
        address=f"{name}@example.org",
        password=password.Password(
            secret if name == "alice" else os.urandom(12).hex(), config=db.config
        ),
        **extra,
    )
for word in ["ui", "backend", "search", "email", "docs", "performance"]:
    db.keyword.create(name=word)
db.commit()
db.close()

P = ["critical", "urgent", "bug", "feature", "wish"]
# title, creator, assignee, priority, status, keywords, messages [(author, text)]
ISSUES = [
    (
        "Login page rejects passwords with spaces",
        "bob",
        "alice",
        "urgent",
        "in-progress",
        ["ui"],
        [
            (
                "bob",
                "Users whose password contains a space get 'invalid login' even when it is right.",
            ),
            (
                "alice",
                "Reproduced. The form trims the field before sending it; fixing the template.",
            ),
        ],
    ),
    (
        "Search ignores accented characters",
        "carol",
        "alice",
        "bug",
        "chatting",
        ["search"],
        [
            ("carol", "Searching for 'cafe' does not find 'café'."),
            ("alice", "We need to normalise both the index and the query."),
            ("carol", "Any update? Our French users keep asking."),
        ],
    ),
    (
        "Nightly backup job fails on full disk",
        "alice",
        "bob",
        "critical",
        "resolved",
        ["backend"],
        [
            ("alice", "The backup of 2 March stopped with ENOSPC and nobody was told."),
            ("bob", "Old archives are now pruned after 14 days and a failure sends a mail."),
        ],
    ),
    (
        "Add CSV export to the issue list",
        "carol",
        None,
        "feature",
        "unread",
        ["ui"],
        [("carol", "It would help to export the current index view as CSV for reports.")],
    ),
    (
        "Typo in the installation guide",
        "bob",
        "bob",
        "wish",
        "done-cbb",
        ["docs"],
        [("bob", "Section 3 says 'recieve'.")],
    ),
    (
        "Email notifications arrive twice",
        "carol",
        "alice",
        "bug",
        "testing",
        ["email"],
        [
            ("carol", "Every change notification is delivered two times."),
            ("alice", "The nosy reactor was registered twice; patch is on the test server."),
        ],
    ),
    (
        "Dashboard loads slowly with 500+ issues",
        "alice",
        "bob",
        "urgent",
        "in-progress",
        ["performance", "ui"],
        [("alice", "The home page takes 8 seconds once a user has more than 500 issues.")],
    ),
    (
        "Allow attaching screenshots by drag and drop",
        "bob",
        None,
        "wish",
        "deferred",
        ["ui"],
        [("bob", "Dragging a file onto the message box should attach it.")],
    ),
    (
        "Password reset link expires too quickly",
        "carol",
        "alice",
        "bug",
        "need-eg",
        ["email"],
        [
            ("carol", "The reset link stops working after a few minutes."),
            ("alice", "Which mail client? Some prefetch links and use the token up."),
        ],
    ),
    (
        "Document the REST API",
        "alice",
        "alice",
        "feature",
        "in-progress",
        ["docs"],
        [("alice", "Write a page with examples for listing and creating issues.")],
    ),
    (
        "Crash when a keyword is renamed",
        "bob",
        "bob",
        "critical",
        "resolved",
        ["backend"],
        [
            ("bob", "Renaming a keyword that is in use raises an internal error."),
            ("bob", "Fixed by updating the index after the rename."),
        ],
    ),
    ("Sort order of messages is reversed", "carol", None, "bug", "unread", ["ui"], []),
    ("Add keyboard shortcuts for next/previous issue", "bob", None, "wish", "unread", ["ui"], []),
    (
        "Full-text index is not updated after edits",
        "alice",
        "bob",
        "bug",
        "chatting",
        ["search", "backend"],
        [
            ("alice", "Edited messages are still found by their old words."),
            ("bob", "Reindexing fixes it; looking for the missing hook."),
        ],
    ),
    (
        "Tracker emails have no plain-text part",
        "carol",
        "alice",
        "feature",
        "deferred",
        ["email"],
        [],
    ),
    (
        "Mobile layout cuts off the issue title",
        "bob",
        "alice",
        "bug",
        "testing",
        ["ui"],
        [("bob", "On narrow screens the title is hidden behind the menu.")],
    ),
    (
        "Upgrade database driver",
        "alice",
        "bob",
        "urgent",
        "done-cbb",
        ["backend", "performance"],
        [("alice", "The old driver is no longer supported.")],
    ),
    (
        "Users cannot change their own timezone",
        "carol",
        "bob",
        "bug",
        "resolved",
        ["ui"],
        [
            ("carol", "The timezone field on the user page is read-only for normal users."),
            ("bob", "Permission fixed."),
        ],
    ),
    (
        "Spam registrations from bots",
        "alice",
        "alice",
        "urgent",
        "chatting",
        ["backend"],
        [("alice", "Forty new accounts overnight, all with the same pattern.")],
    ),
    (
        "Search results should show the issue status",
        "bob",
        None,
        "feature",
        "unread",
        ["search", "ui"],
        [],
    ),
    ("Help page links to an old version", "carol", "bob", "wish", "unread", ["docs"], []),
]

for n, (title, creator, assignee, prio, status, words, msgs) in enumerate(ISSUES):
    db = tracker.open(creator)
    when = date.Date("2024-03-01") + date.Interval(f"+{n}d")
    msg_ids = []
    for author, text in msgs:
        msg_ids.append(db.msg.create(content=text, author=ids[author], date=when))
    fields = dict(
        title=title,
        priority=db.priority.lookup(prio),
        status=db.status.lookup(status),
        keyword=[db.keyword.lookup(w) for w in words],
        messages=msg_ids,
        nosy=sorted({ids[creator]} | ({ids[assignee]} if assignee else set())),
    )
    if assignee:
        fields["assignedto"] = ids[assignee]
    db.issue.create(**fields)
    db.commit()
    db.close()
print(f"roundup: {len(users)} users, {len(ISSUES)} issues seeded")
