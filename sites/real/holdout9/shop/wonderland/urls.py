from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.static import serve

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # product images and thumbnails (runserver --insecure serves only static files)
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
    path("", include(apps.get_app_config("oscar").urls[0])),
]

# Oscar's own error pages (as in Oscar's sandbox project)
handler403 = "oscar.views.handler403"
handler404 = "oscar.views.handler404"
handler500 = "oscar.views.handler500"
