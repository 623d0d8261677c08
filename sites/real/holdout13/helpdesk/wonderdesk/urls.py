"""django-helpdesk at the site root (its own sign-in views included), Django admin at /admin/."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("helpdesk.urls", namespace="helpdesk")),
]
