"""Settings of the minimal Django project that serves django-wiki for sites/real/holdout6.

All data (SQLite database, uploads, secret key) lives in $DJANGOWIKI_DATA, by default
$WEBAGENT_REAL_HOME/djangowiki/data (~/.cache/webagent/real/djangowiki/data), never in the
repository. DEBUG is off, so errors are the production pages (Django's plain "Not Found");
static files are served by `runserver --insecure` (see ../start).
"""

import os
from pathlib import Path

REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
DATA = Path(os.environ.get("DJANGOWIKI_DATA", REAL_HOME / "djangowiki" / "data"))

_key = DATA / "secret_key"
SECRET_KEY = _key.read_text().strip() if _key.exists() else "not-set-up-run-setup"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.admin",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django.contrib.humanize",
    "django_nyt.apps.DjangoNytConfig",
    "mptt",
    "sekizai",
    "sorl.thumbnail",
    "wiki.apps.WikiConfig",
    "wiki.plugins.attachments.apps.AttachmentsConfig",
    "wiki.plugins.notifications.apps.NotificationsConfig",
    "wiki.plugins.images.apps.ImagesConfig",
    "wiki.plugins.macros.apps.MacrosConfig",
    "wiki.plugins.help.apps.HelpConfig",
    "wiki.plugins.links.apps.LinksConfig",
    "wiki.plugins.redlinks.apps.RedlinksConfig",
    "wiki.plugins.editsection.apps.EditSectionConfig",
    "wiki.plugins.globalhistory.apps.GlobalHistoryConfig",
]

MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.security.SecurityMiddleware",
]

ROOT_URLCONF = "wikisite.urls"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
                "django.template.context_processors.tz",
                "django.contrib.messages.context_processors.messages",
                "sekizai.context_processors.sekizai",
            ],
        },
    },
]

DATABASES = {
    "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": DATA / "wiki.sqlite3"},
}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

SITE_ID = 1
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
MEDIA_URL = "/media/"
MEDIA_ROOT = DATA / "media"

LOGIN_URL = "wiki:login"  # for the views behind login_required (global history)
LOGIN_REDIRECT_URL = "/"
WIKI_ANONYMOUS = True  # visitors may read
WIKI_ANONYMOUS_WRITE = False  # ... but not edit or create
WIKI_ACCOUNT_HANDLING = True  # the wiki's own sign-in, sign-up, sign-out and settings pages
WIKI_ACCOUNT_SIGNUP_ALLOWED = True
WIKI_ATTACHMENTS_EXTENSIONS = ["pdf", "txt", "csv", "png", "jpg"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
