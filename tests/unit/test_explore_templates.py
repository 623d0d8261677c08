"""URL templates for learning a site's states: ids, hashes and names generalised, a list's
filters not a kind of page, a search's query one."""

from __future__ import annotations

import re

from webagent.explore.templates import template_regex, url_templates


def test_ids_hashes_and_names_are_generalised() -> None:
    urls = [
        "http://t/issues/1",
        "http://t/issues/22/",
        "http://t/items/7.html",
        "http://t/demo/msg7",
        "http://t/info/585fb82e63",
        "http://t/wiki/Tea",
        "http://t/wiki/Milk",
        "http://t/wiki/Sugar",
        "http://t/wiki/Index/history",
    ]
    found = url_templates(urls)
    assert found["http://t/issues/1"] == found["http://t/issues/22/"] == "/issues/{n}"
    assert found["http://t/items/7.html"] == "/items/{n}.html"
    assert found["http://t/demo/msg7"] == "/demo/msg{n}"
    assert found["http://t/info/585fb82e63"] == "/info/{hash}"
    assert found["http://t/wiki/Tea"] == "/wiki/{name}"  # three siblings or more
    assert found["http://t/wiki/Index/history"] == "/wiki/Index/history"


def test_ids_glued_to_a_class_name_stay_kinds_of_their_own() -> None:
    """A tracker's `/demo/issue19`, `/demo/user3`, `/demo/msg25`: three kinds of page, not
    three names of one."""
    urls = [f"http://t/demo/{kind}{n}" for kind in ("issue", "user", "msg") for n in (1, 2, 3)]
    found = url_templates([*urls, "http://t/demo/issue", "http://t/demo/user"])
    assert {found[u] for u in urls} == {"/demo/issue{n}", "/demo/user{n}", "/demo/msg{n}"}
    assert found["http://t/demo/issue"] == "/demo/issue"


def test_a_step_made_from_data_between_others_is_a_name() -> None:
    """Topics in two forums are one template; routes' own words stay as they are."""
    found = url_templates(
        [
            "http://t/forum/teas-2/topic/treacle-3/",
            "http://t/forum/teas-2/topic/milk-first-5/",
            "http://t/forum/croquet-6/topic/flamingos-11/",
            "http://t/wiki/Tea",
            "http://t/issues/5",
        ]
    )
    assert found["http://t/forum/teas-2/topic/treacle-3/"] == "/forum/{name}/topic/{name}"
    assert found["http://t/forum/croquet-6/topic/flamingos-11/"] == "/forum/{name}/topic/{name}"
    assert found["http://t/wiki/Tea"] == "/wiki/Tea"
    assert found["http://t/issues/5"] == "/issues/{n}"


def test_filters_are_no_kind_of_page_and_a_search_is_one() -> None:
    found = url_templates(
        [
            "http://t/teas.html?price=10-20&sort=asc",
            "http://t/teas.html",
            "http://t/find?q=tea&page=2",
        ]
    )
    assert found["http://t/teas.html?price=10-20&sort=asc"] == "/teas.html"
    assert found["http://t/find?q=tea&page=2"] == "/find?q={}"


def test_a_search_key_given_ids_filters() -> None:
    """`keyword=2,6` picks keywords by id (a tracker's copy-of-issue link): not a search."""
    found = url_templates(["http://t/issue?keyword=2%2C6&title=Tea", "http://t/issue?keyword=tea"])
    assert found["http://t/issue?keyword=2%2C6&title=Tea"] == "/issue"
    assert found["http://t/issue?keyword=tea"] == "/issue?keyword={}"


def test_a_templates_regex_matches_its_pages_and_not_others() -> None:
    cases = {
        "/issues/{n}": (
            ["/issues/1", "/issues/22/", "/issues/3?tab=x"],
            ["/issues/new", "/issues/1/edit"],
        ),
        "/wiki/{name}": (["/wiki/Tea"], ["/wiki/Tea/history", "/wiki/"]),
        "/": (["/", ""], ["/about"]),
        "/find?q={}": (["/find?q=tea", "/find/?page=2&q=tea"], ["/find", "/find?page=2"]),
    }
    for template, (yes, no) in cases.items():
        pattern = re.compile(template_regex(template))
        assert all(pattern.search(url) for url in yes), (template, yes)
        assert not any(pattern.search(url) for url in no), (template, no)


def test_a_view_key_keeps_its_value_and_the_more_specific_template_matches_it() -> None:
    """`?action=edit` and Roundup's `@template=item` choose another page at one address."""
    found = url_templates(
        [
            "http://t/demo/issue?@template=item&@note=x",
            "http://t/demo/issue?@sort=-activity",
            "http://t/index.php?title=Tea&action=edit&section=2",
        ]
    )
    assert found["http://t/demo/issue?@template=item&@note=x"] == "/demo/issue?@template=item"
    assert found["http://t/demo/issue?@sort=-activity"] == "/demo/issue"
    assert found["http://t/index.php?title=Tea&action=edit&section=2"] == "/index.php?action=edit"
    item = re.compile(template_regex("/demo/issue?@template=item"))
    assert item.search("/demo/issue?@note=y&@template=item")
    assert not item.search("/demo/issue?@template=items")
    assert not item.search("/demo/issue")
    edit = re.compile(template_regex("/index.php?action=edit"))
    assert edit.search("/index.php?title=Milk&action=edit")
