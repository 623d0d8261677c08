from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=120)
    born = models.PositiveIntegerField(null=True, blank=True, help_text="Year of birth")
    country = models.CharField(max_length=60, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class Book(models.Model):
    GENRES = [
        ("fiction", "Fiction"),
        ("fantasy", "Fantasy"),
        ("mystery", "Mystery"),
        ("science", "Science"),
        ("history", "History"),
        ("poetry", "Poetry"),
    ]
    title = models.CharField(max_length=200)
    isbn = models.CharField("ISBN", max_length=17, unique=True)
    year = models.PositiveIntegerField()
    author = models.ForeignKey(Author, on_delete=models.PROTECT, related_name="books")
    genre = models.CharField(max_length=20, choices=GENRES)
    in_stock = models.BooleanField(default=True)

    class Meta:
        ordering = ["title"]

    def __str__(self):
        return self.title


class Loan(models.Model):
    book = models.ForeignKey(Book, on_delete=models.CASCADE, related_name="loans")
    borrower = models.CharField(max_length=120)
    borrowed_on = models.DateField()
    due_on = models.DateField()
    returned = models.BooleanField(default=False)

    class Meta:
        ordering = ["-borrowed_on"]

    def __str__(self):
        return f"{self.book} → {self.borrower}"
