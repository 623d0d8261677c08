"""URLs: the wiki at the site's root, django-nyt's notification URLs, the uploaded media
(served by Django itself: this is a loopback test site) and Django's admin."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.static import serve

urlpatterns = [
    path("admin/", admin.site.urls),
    path("notifications/", include("django_nyt.urls")),
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
    path("", include("wiki.urls")),
]
