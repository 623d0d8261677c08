from django.contrib import admin
from django.urls import path
from django.views.generic import RedirectView

admin.site.site_header = "Wonderland Library administration"
admin.site.site_title = "Wonderland Library admin"
admin.site.index_title = "Library administration"

urlpatterns = [
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
    path("admin/", admin.site.urls),
]
