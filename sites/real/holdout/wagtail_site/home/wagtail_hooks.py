from wagtail.snippets.models import register_snippet
from wagtail.snippets.views.snippets import SnippetViewSet

from home.models import Supplier


class SupplierViewSet(SnippetViewSet):
    model = Supplier
    icon = "group"
    menu_label = "Suppliers"
    add_to_admin_menu = True
    list_display = ["name", "country", "region", "since"]
    list_filter = ["country"]
    inspect_view_enabled = True


register_snippet(SupplierViewSet)
