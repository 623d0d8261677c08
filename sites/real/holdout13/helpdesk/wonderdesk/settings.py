"""Settings of the Wonderland Helpdesk: django-helpdesk's documented installation (the
helpdesk app, django.contrib.sites/admin/humanize, Django REST framework for its API) with
teams mode off (no pinax-teams), SQLite, DEBUG off and helpdesk mounted at the site root.
Everything it writes lives in $WEBAGENT_REAL_HOME/helpdesk, never in the repository."""

import os
from pathlib import Path

REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
DATA = REAL_HOME / "helpdesk"
BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = (DATA / "secret.txt").read_text().strip()
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",  # helpdesk: the domain in e-mailed links
    "django.contrib.humanize",  # helpdesk: elapsed times
    "rest_framework",  # helpdesk's API
    "helpdesk",
]
SITE_ID = 1

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "wonderdesk.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = None

DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": DATA / "db.sqlite3"}}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "Europe/London"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
MEDIA_ROOT = DATA / "media"
MEDIA_URL = "/media/"

LOGIN_URL = "/login/"
LOGIN_REDIRECT_URL = "/"

# outgoing mail is written to files, never sent
EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
EMAIL_FILE_PATH = DATA / "mail"
DEFAULT_FROM_EMAIL = "helpdesk@wonderland.test"
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# django-helpdesk
HELPDESK_TEAMS_MODE_ENABLED = False
HELPDESK_DEFAULT_SETTINGS = {
    "use_email_as_submitter": True,
    "email_on_ticket_assign": False,
    "email_on_ticket_change": False,
    "login_view_ticketlist": True,
    "tickets_per_page": 25,
}
HELPDESK_SUBMIT_A_TICKET_PUBLIC = True
HELPDESK_VIEW_A_TICKET_PUBLIC = True
HELPDESK_KB_ENABLED = True
HELPDESK_NAVIGATION_ENABLED = True
HELPDESK_ENABLE_PASSWORD_RESET = True
