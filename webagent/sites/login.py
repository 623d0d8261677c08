"""Sign-in recipes: how to sign into a site, as data (`sites/<site>/login.toml`).

Each site with a login has a recipe: steps in the step language (`webagent.sites.steps`),
written with the site's placeholder and its credentials' placeholders, modelled on
BrowserGym's `ui_login`:

    steps = [
      { goto = "__SHOPPING__/customer/account/login/" },
      { type = { role = "textbox", name = "Email" }, text = "<secret>shopping_username</secret>" },
      ...
    ]
    expect = "Welcome"          # optional: text the signed-in page shows

`webagent.session.signin` follows a recipe in a browser.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from webagent.errors import ConfigError
from webagent.sites.catalog import sites_root
from webagent.sites.steps import Step
from webagent.webarena.deployment import WEBARENA_SITES
from webagent.webarena.tasks import placeholder

RECIPE_FILE = "login.toml"
_SITE_PLACEHOLDER = re.compile(r"__[A-Z]+(?:_[A-Z]+)*__")
_SECRET_PLACEHOLDER = re.compile(r"<secret>\s*([^<>]*?)\s*</secret>")


class LoginRecipe(BaseModel):
    """How to sign into one site: its steps, and text the signed-in page must show, if any."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: tuple[Step, ...] = Field(min_length=1)
    expect: str | None = Field(default=None, min_length=1)


def recipe_path(site: str) -> Path:
    """Where the sign-in recipe of `site` is (or would be): `sites/<site>/login.toml`."""
    return sites_root() / site / RECIPE_FILE


def login_recipe(site: str) -> LoginRecipe | None:
    """The sign-in recipe of `site`, or None for a site without a login (wikipedia, map,
    homepage). `ConfigError` naming the file if it is not a valid recipe for this site."""
    if site not in WEBARENA_SITES:
        raise ConfigError(f"unknown site {site!r}; the sites are {', '.join(WEBARENA_SITES)}")
    path = recipe_path(site)
    if not path.is_file():
        return None
    try:
        recipe = LoginRecipe.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not TOML: {error}") from None
    except ValidationError as error:
        issue = error.errors()[0]
        where = ".".join(str(part) for part in issue["loc"]) or "the file"
        raise ConfigError(f"{path}: {where}: {issue['msg']}") from None
    _check_placeholders(recipe, site, path)
    return recipe


def _check_placeholders(recipe: LoginRecipe, site: str, path: Path) -> None:
    """Every URL on the site's own placeholder; every secret one of the site's two."""
    allowed = {f"{site}_username", f"{site}_password"}
    for number, step in enumerate(recipe.steps, start=1):
        for found in _SITE_PLACEHOLDER.findall(step.goto or ""):
            if found != placeholder(site):
                raise ConfigError(
                    f"{path}: step {number}: {found} is not this site's placeholder "
                    f"{placeholder(site)}"
                )
        for name in _SECRET_PLACEHOLDER.findall(step.text or ""):
            if name not in allowed:
                raise ConfigError(
                    f"{path}: step {number}: secret {name!r} is not one of "
                    f"{', '.join(sorted(allowed))}"
                )
