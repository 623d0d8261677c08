"""`manage.py seed`: reset the library to its seed content and (re)create the accounts.

The agent's password is read from the WEBAGENT_REAL_PASSWORD environment variable.
"""

import csv
import datetime
import os
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from library.models import Author, Book, Loan

SEED = Path(__file__).resolve().parents[4] / "seed"
AUTHORS = {
    "Lewis Carroll": (1832, "United Kingdom"),
    "Jane Austen": (1775, "United Kingdom"),
    "Arthur Conan Doyle": (1859, "United Kingdom"),
    "Agatha Christie": (1890, "United Kingdom"),
    "Charles Darwin": (1809, "United Kingdom"),
    "Walt Whitman": (1819, "United States"),
    "H. G. Wells": (1866, "United Kingdom"),
    "Edward Gibbon": (1737, "United Kingdom"),
}
LOANS = [
    ("Emma", "Mary Ann", "2024-03-02", "2024-03-16", True),
    ("The Time Machine", "Bill Lizard", "2024-03-05", "2024-03-19", False),
    ("Leaves of Grass", "Mock Turtle", "2024-03-08", "2024-03-22", False),
    ("A Study in Scarlet", "Dormouse", "2024-03-10", "2024-03-24", True),
    ("On the Origin of Species", "Mary Ann", "2024-03-12", "2024-03-26", False),
    ("Murder on the Orient Express", "Gryphon", "2024-03-15", "2024-03-29", False),
]


class Command(BaseCommand):
    help = "Reset the library database to its seed content."

    @transaction.atomic
    def handle(self, *args, **options):
        Loan.objects.all().delete()
        Book.objects.all().delete()
        Author.objects.all().delete()
        User.objects.all().delete()
        authors = {
            name: Author.objects.create(name=name, born=born, country=country)
            for name, (born, country) in AUTHORS.items()
        }
        with open(SEED / "books.csv", newline="") as f:
            for row in csv.DictReader(f):
                Book.objects.create(
                    title=row["title"],
                    isbn=row["isbn"],
                    year=int(row["year"]),
                    author=authors[row["author"]],
                    genre=row["genre"],
                    in_stock=row["in_stock"] == "true",
                )
        for title, who, start, due, returned in LOANS:
            Loan.objects.create(
                book=Book.objects.get(title=title),
                borrower=who,
                borrowed_on=datetime.date.fromisoformat(start),
                due_on=datetime.date.fromisoformat(due),
                returned=returned,
            )
        User.objects.create_superuser(
            "alice",
            "alice@example.org",
            os.environ["WEBAGENT_REAL_PASSWORD"],
            first_name="Alice",
            last_name="Liddell",
        )
        User.objects.create_user(
            "bob",
            "bob@example.org",
            os.urandom(12).hex(),
            first_name="Bob",
            last_name="Hatter",
        )
        self.stdout.write(
            f"django: {Author.objects.count()} authors, {Book.objects.count()} books, "
            f"{Loan.objects.count()} loans, users alice (superuser) and bob"
        )
