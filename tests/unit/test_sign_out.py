"""A run that signs out (a plain GET on most sites) ends the stored session every later run
would start from: the runner and the seed site sign in again, and only then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from webagent.session import signin
from webagent.session.signin import SignIns, may_have_signed_out
from webagent.webarena.deployment import SiteConfig


def har(tmp_path: Path, *requests: tuple[str, str]) -> Path:
    entries = [{"request": {"method": method, "url": url}} for method, url in requests]
    path = tmp_path / "run.har"
    path.write_text(json.dumps({"log": {"entries": entries}}), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "url",
    [
        "http://shop:7770/customer/account/logout/",  # Magento, by GET
        "http://gitlab:8023/users/sign_out",  # GitLab
        "http://forum:9999/logout",  # Postmill
        "http://app/account/sign-out?next=/",
        "http://app/LogOff.aspx",
    ],
)
def test_a_request_to_a_sign_out_page_may_have_ended_the_session(tmp_path: Path, url: str) -> None:
    path = har(tmp_path, ("GET", "http://shop:7770/"), ("GET", url))
    assert may_have_signed_out(path)


@pytest.mark.parametrize(
    "url",
    [
        "http://shop:7770/catalog/product/view/id/12",
        "http://shop:7770/blog/how-to-checkout-faster",  # "checkout" is not a sign-out
        "http://shop:7770/search?q=logout",  # a search for the word is not one either
        "http://app/logoutline-sneakers.html",
    ],
)
def test_reading_pages_keeps_the_session(tmp_path: Path, url: str) -> None:
    assert not may_have_signed_out(har(tmp_path, ("GET", url)))


def test_an_unreadable_har_is_taken_as_a_sign_out(tmp_path: Path) -> None:
    (tmp_path / "broken.har").write_text("{", encoding="utf-8")
    assert may_have_signed_out(tmp_path / "broken.har")
    assert may_have_signed_out(tmp_path / "missing.har")


def test_a_forgotten_site_is_signed_into_again_and_only_that_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    signed: list[str] = []

    def sign_in(browser: Any, site: str, config: SiteConfig, path: Path) -> Path:
        signed.append(site)
        path.write_text(json.dumps({"cookies": [], "origins": []}), encoding="utf-8")
        return path

    monkeypatch.setattr(signin, "sign_in", sign_in)
    sign_ins = SignIns(object(), SiteConfig(), tmp_path)  # type: ignore[arg-type]
    sign_ins.storage(["shopping", "gitlab"])
    sign_ins.storage(["shopping", "gitlab"])
    assert signed == ["shopping", "gitlab"]  # kept while fresh
    sign_ins.forget(["shopping"])
    sign_ins.storage(["shopping", "gitlab"])
    assert signed == ["shopping", "gitlab", "shopping"]
