"""Seed I Hate Money for sites/real/holdout16: three projects with members and bills.

Run by `setup` with ihatemoney's venv and IHATEMONEY_SETTINGS_FILE_PATH set. It goes through
the app's own REST API (`/api/projects`, `/members`, `/bills`, authenticated by the project's
identifier and private code) with Flask's test client, so every row is made as the app makes it.

- `teaparty`, "The Mad Tea-Party" (private code: the agent's password from
  WEBAGENT_REAL_PASSWORD; history on): Alice, the Hatter, the March Hare, the Dormouse (weight
  0.5), the Cheshire Cat (later deactivated); 16 bills from March to June 2025, one a
  reimbursement.
- `croquet`, "The Queen's Croquet Club", and `rabbit-hole`, "White Rabbit's household": random
  private codes, a few members and bills each (so the admin dashboard lists several projects).
"""

from __future__ import annotations

import os
import secrets
import sys
from base64 import b64encode

from ihatemoney.run import create_app

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")

app = create_app()
client = app.test_client()


def call(method: str, path: str, auth: tuple[str, str] | None = None, **data):
    headers = {}
    if auth:
        headers["Authorization"] = "Basic " + b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    response = getattr(client, method)("/api" + path, data=data, headers=headers)
    if response.status_code >= 300:
        sys.exit(f"seed: {method.upper()} {path} -> {response.status_code} {response.get_data(True)}")
    return response.get_json()


def project(pid: str, name: str, code: str, email: str, members, bills, *, history: bool):
    call("post", "/projects", name=name, id=pid, password=code, contact_email=email,
         default_currency="GBP")
    auth = (pid, code)
    call("put", f"/projects/{pid}", auth, name=name, current_password=code, password=code,
         contact_email=email,
         default_currency="GBP", project_history="y" if history else "")
    ids = {}
    for member, weight in members:
        ids[member] = call("post", f"/projects/{pid}/members", auth, name=member, weight=weight)
    for date, what, payer, amount, owers, *kind in bills:
        call("post", f"/projects/{pid}/bills", auth, date=date, what=what, payer=ids[payer],
             amount=amount, payed_for=[ids[o] for o in owers], original_currency="GBP",
             bill_type=kind[0] if kind else "Expense")
    return auth, ids


EVERYONE = ["Alice", "Hatter", "March Hare", "Dormouse"]
auth, ids = project(
    "teaparty", "The Mad Tea-Party", PASSWORD, "alice@wonderland.example.org",
    [("Alice", 1), ("Hatter", 1), ("March Hare", 1), ("Dormouse", 0.5), ("Cheshire Cat", 1)],
    [
        ("2025-03-01", "Tea (two pounds of Darjeeling)", "Hatter", "18.50", EVERYONE),
        ("2025-03-01", "Bread and butter", "March Hare", "6.20", EVERYONE),
        ("2025-03-08", "Jam tarts", "Alice", "9.00", ["Alice", "Hatter", "March Hare"]),
        ("2025-03-15", "New teapot (the old one had the Dormouse in it)", "March Hare",
         "24.00", EVERYONE),
        ("2025-03-22", "Milk", "Dormouse", "3.10", EVERYONE),
        ("2025-03-29", "Treacle", "Dormouse", "4.75", ["Dormouse", "March Hare"]),
        ("2025-04-05", "Clean cups (a dozen)", "Alice", "15.60", EVERYONE),
        ("2025-04-12", "Watch repair (butter in the works)", "Hatter", "32.00",
         ["Hatter", "March Hare"]),
        ("2025-04-19", "Sugar", "Cheshire Cat", "2.40", EVERYONE + ["Cheshire Cat"]),
        ("2025-04-26", "Cake for the unbirthday", "Alice", "21.00", EVERYONE + ["Cheshire Cat"]),
        ("2025-05-03", "Lemons", "March Hare", "3.60", EVERYONE),
        ("2025-05-10", "Table cloth", "Hatter", "27.30", EVERYONE),
        ("2025-05-17", "Biscuits", "Dormouse", "5.25", EVERYONE),
        ("2025-05-24", "Tea (Earl Grey)", "Hatter", "16.80", EVERYONE),
        ("2025-06-01", "Hatter pays back the March Hare", "Hatter", "20.00", ["March Hare"],
         "Reimbursement"),
        ("2025-06-07", "Candles for the table", "Alice", "7.90", EVERYONE),
    ],
    history=True,
)
cat = ids["Cheshire Cat"]
call("put", f"/projects/teaparty/members/{cat}", auth, name="Cheshire Cat", weight=1,
     activated="false")

project(
    "croquet", "The Queen's Croquet Club", secrets.token_urlsafe(12), "queen@wonderland.example.org",
    [("Queen", 1), ("King", 1), ("Knave", 1), ("Duchess", 1)],
    [
        ("2025-04-01", "Flamingos (hire for the season)", "Queen", "120.00",
         ["Queen", "King", "Knave", "Duchess"]),
        ("2025-04-02", "Hedgehogs (hire)", "King", "40.00", ["Queen", "King", "Knave", "Duchess"]),
        ("2025-04-09", "Red paint for the roses", "Knave", "12.00", ["Queen", "Knave"]),
        ("2025-04-16", "Pepper", "Duchess", "3.30", ["Duchess"]),
    ],
    history=False,
)
project(
    "rabbit-hole", "White Rabbit's household", secrets.token_urlsafe(12),
    "rabbit@wonderland.example.org",
    [("White Rabbit", 1), ("Mary Ann", 1), ("Bill", 1)],
    [
        ("2025-03-03", "White kid gloves", "White Rabbit", "8.00", ["White Rabbit"]),
        ("2025-03-04", "A new fan", "Mary Ann", "5.50", ["White Rabbit", "Mary Ann"]),
        ("2025-03-10", "Chimney sweeping", "Bill", "11.00", ["White Rabbit", "Mary Ann", "Bill"]),
    ],
    history=False,
)
print("projects: teaparty (16 bills), croquet (4), rabbit-hole (3)")
