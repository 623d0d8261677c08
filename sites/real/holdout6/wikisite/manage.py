#!/usr/bin/env python
"""Django's command line for the holdout6 django-wiki site (run it with the venv's python)."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wikisite.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
