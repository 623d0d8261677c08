# Sphinx configuration of the Teapot manual (the holdout8 documentation site of sites/real).
import os
import sys

sys.path.insert(0, os.path.abspath("."))  # the teapot package documented by autodoc

project = "Teapot"
author = "The March Hare"
copyright = "2024, The March Hare and contributors"
release = "2.3.0"
version = "2.3"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path = []
today_fmt = "%d %B %Y"

html_theme = "furo"
html_title = "Teapot 2.3 manual"
html_static_path = []
html_show_sourcelink = True
html_last_updated_fmt = None
html_theme_options = {
    "navigation_with_keys": True,
}

# no intersphinx (the site is built offline): standard-library types are not linked
nitpick_ignore_regex = [("py:class", r"(datetime|collections\.abc)\.\w+")]
