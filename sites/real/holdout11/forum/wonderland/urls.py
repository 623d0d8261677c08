from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from django.views.static import serve
from machina import urls as machina_urls

urlpatterns = [
    path("", RedirectView.as_view(url="/forum/", permanent=False)),
    path("admin/", admin.site.urls),
    # Django's own sign-in and sign-out views (machina has none; LOGIN_URL points here)
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # avatars and attachments (runserver --insecure serves only static files)
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
    path("forum/", include(machina_urls)),
]
