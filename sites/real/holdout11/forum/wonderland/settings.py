"""Settings of the "Wonderland Tea Party Forum": django-machina's documented "Getting started"
settings (its dependencies and apps, template and static directories, the metadata context
processor, the permission middleware, the attachments cache, haystack's simple backend),
SQLite, DEBUG off, Django's own sign-in views. Every file it writes lives in
$WEBAGENT_REAL_HOME/machina."""

import os
from pathlib import Path

from machina import MACHINA_MAIN_STATIC_DIR, MACHINA_MAIN_TEMPLATE_DIR

BASE_DIR = Path(__file__).resolve().parent.parent
REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
DATA = REAL_HOME / "machina"
SECRET_FILE = DATA / "secret.txt"
SECRET_KEY = SECRET_FILE.read_text().strip() if SECRET_FILE.exists() else "setup-not-run"

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.sites",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.admin",
    # Machina dependencies:
    "mptt",
    "haystack",
    "widget_tweaks",
    # Machina apps:
    "machina",
    "machina.apps.forum",
    "machina.apps.forum_conversation",
    "machina.apps.forum_conversation.forum_attachments",
    "machina.apps.forum_conversation.forum_polls",
    "machina.apps.forum_feeds",
    "machina.apps.forum_moderation",
    "machina.apps.forum_search",
    "machina.apps.forum_tracking",
    "machina.apps.forum_member",
    "machina.apps.forum_permission",
]
SITE_ID = 1

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Machina
    "machina.apps.forum_permission.middleware.ForumPermissionMiddleware",
]
ROOT_URLCONF = "wonderland.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # ours (only the sign-in and signed-out pages), then machina's
        "DIRS": [BASE_DIR / "templates", MACHINA_MAIN_TEMPLATE_DIR],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # Machina
                "machina.core.context_processors.metadata",
            ],
            "loaders": [
                "django.template.loaders.filesystem.Loader",
                "django.template.loaders.app_directories.Loader",
            ],
        },
    },
]

DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": DATA / "db.sqlite3"}}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "machina_attachments": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(DATA / "attachment_cache"),
    },
}
# Whoosh, the docs' other suggestion, not haystack's simple backend: with SimpleEngine every
# search answers "0 results" (machina filters the results by forum, which the simple backend
# cannot do). Whoosh is a pure-Python file index; setup rebuilds it after seeding, and machina's
# haystack signal processor is not on, so posts written later are not searchable.
HAYSTACK_CONNECTIONS = {
    "default": {
        "ENGINE": "haystack.backends.whoosh_backend.WhooshEngine",
        "PATH": str(DATA / "whoosh_index"),
    }
}

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "Europe/London"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [MACHINA_MAIN_STATIC_DIR]
MEDIA_URL = "/media/"
MEDIA_ROOT = DATA / "media"

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/forum/"

MACHINA_FORUM_NAME = "Wonderland Tea Party Forum"
