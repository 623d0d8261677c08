from django.contrib import admin

from library.models import Author, Book, Loan


class BookInline(admin.TabularInline):
    model = Book
    extra = 0
    fields = ["title", "year", "genre", "in_stock"]


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    list_display = ["name", "born", "country"]
    search_fields = ["name"]
    inlines = [BookInline]


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "year", "genre", "isbn", "in_stock"]
    list_filter = ["genre", "in_stock", "author"]
    search_fields = ["title", "isbn", "author__name"]
    list_editable = []
    date_hierarchy = None


@admin.register(Loan)
class LoanAdmin(admin.ModelAdmin):
    list_display = ["book", "borrower", "borrowed_on", "due_on", "returned"]
    list_filter = ["returned", "due_on"]
    search_fields = ["borrower", "book__title"]
    date_hierarchy = "borrowed_on"
