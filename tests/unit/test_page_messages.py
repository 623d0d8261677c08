"""A page's messages: a status or alert region saying what was just done is read with the
content wherever it sits, also beside `main` (MediaWiki's "The page has been created." bubble
comes after the footer); a cookie notice, an empty live region or "Loading…" is no message.

The pages are small versions of sites/real/pages/mediawiki/created-page.json and its kind.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.unit.page_kit import observe, state
from webagent.controller.page import PageReader
from webagent.llm.prompts import render
from webagent.sites.classify import Classifier
from webagent.sites.match import PageIndex
from webagent.sites.profile import Profile

SAVED = """
- generic [ref=e1]:
  - main [ref=e2]:
    - heading "Mad Tea Party" [level=1] [ref=e3]
    - paragraph [ref=e4]: {text}
  - navigation "Personal tools" [ref=e5]:
    - link "Log out" [ref=e6]:
      - /url: /logout
  - contentinfo [ref=e7]:
    - link "Privacy policy" [ref=e8]:
      - /url: /privacy
{beside}"""

ONE_LINE = "Tea at six, every day."
SENTENCES = "Tea at six, every day, and never a clean cup; the Hatter moves round the table."
LONG = " ".join(["The Hatter pours the tea and the March Hare passes the butter."] * 16)


def bubble(message: str, role: str = "status") -> str:
    """A message region after the footer, as MediaWiki's post-edit bubble is read."""
    return f"""  - {role} [ref=e20]:
    - generic [ref=e21]: {message}
"""


def page(text: str, beside: str = "") -> str:
    return SAVED.format(text=text, beside=beside)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ONE_LINE, "The page has been created."),
        (ONE_LINE, "Your changes have been saved."),
        (SENTENCES, "Your edit was saved."),
        (SENTENCES, "The comment was posted successfully."),
    ],
)
def test_a_message_beside_main_that_something_was_done_makes_a_confirmation(
    generic: Profile, text: str, message: str
) -> None:
    """The content alone is a line of text (`other`, or `article` with a few sentences);
    the bubble outside `main` says it was just saved or created: the page reports an outcome."""
    assert state(generic, page(text)) in ("other", "article")
    assert state(generic, page(text, bubble(message))) == "confirmation"
    assert state(generic, page(text, bubble(message, role="alert"))) == "confirmation"


def test_the_evidence_quotes_the_message_beside_main(generic: Profile) -> None:
    found = Classifier(generic).classify(observe(page(ONE_LINE, bubble("Your edit was saved."))))
    assert any("Your edit was saved" in item for item in found.evidence), found.evidence


def test_a_long_text_under_a_message_keeps_its_state(generic: Profile) -> None:
    """What the page shows outweighs a flash above it when it is a long text (as for a
    message in the content)."""
    assert state(generic, page(LONG, bubble("The page has been created."))) == "article"


@pytest.mark.parametrize(
    "beside",
    [
        # A cookie notice, by its words or by its Accept and Reject buttons.
        bubble("Cookie settings: your preferences have been saved."),
        """  - alert [ref=e20]:
    - generic [ref=e21]: Your settings have been saved.
    - button "Accept all" [ref=e22]
    - button "Reject all" [ref=e23]
""",
        """  - status [ref=e20]:
    - generic [ref=e21]: Thank you for your visit!
    - button "Allow" [ref=e22]
    - button "Decline" [ref=e23]
""",
        # A region of more than a few words is a part of the page (a help box), not a message.
        bubble("This page has been created to help you. " * 6),
        # Live regions that say nothing, or only that something is on its way.
        "  - status [ref=e20]\n",
        '  - alert [ref=e20]:\n    - generic [ref=e21]: " "\n',
        bubble("Loading…"),
        # A region that asks for something is a form, not a message.
        """  - status [ref=e20]:
    - generic [ref=e21]: Your draft has been saved.
    - textbox "Title" [ref=e22]
""",
    ],
)
def test_a_cookie_notice_or_an_empty_live_region_changes_nothing(
    generic: Profile, beside: str
) -> None:
    for text in (ONE_LINE, SENTENCES):
        assert state(generic, page(text, beside)) == state(generic, page(text))


def test_a_message_inside_main_is_read_once(generic: Profile) -> None:
    """A message in `main` is part of the content already: read there, not again."""
    inside = SAVED.replace(
        "    - paragraph [ref=e4]: {text}",
        "    - status [ref=e9]:\n      - generic [ref=e10]: The page has been created.\n"
        "    - paragraph [ref=e4]: {text}",
    )
    index = PageIndex.of(observe(inside.format(text=ONE_LINE, beside="")))
    assert index.messages == ()
    assert ("generic", "The page has been created.") in index.content_nodes


def test_the_model_asked_to_classify_reads_the_rule_in_the_definitions(generic: Profile) -> None:
    """When no rule holds, the model chooses from the states' definitions: confirmation's
    says that a message beside the content counts, in the profile's own words."""
    states = list(generic.states)
    system = render(
        "classify", site=generic.site, states=states, task="", url="", title="", observation=""
    )[0]["content"]
    told = next(line for line in system.splitlines() if line.startswith("- confirmation: "))
    assert told == f"- confirmation: {generic.state('confirmation').description}"
    assert "flash or status bubble beside the main content" in told


def test_a_replayed_page_keeps_the_state_its_recording_gave_it(generic: Profile) -> None:
    """The bubble comes after the page loads: a recording may read the page before it and a
    replay after. A replayed page carries its recorded classification, which the page reader
    takes as it is; a page without one is classified."""
    late = observe(page(SENTENCES, bubble("Your edit was saved.")))
    reader = PageReader(generic, None, states=True)
    assert reader.read(late, "").classification.state == "confirmation"  # type: ignore[union-attr]
    before = Classifier(generic).classify(observe(page(SENTENCES)))
    replayed = reader.read(replace(late, classified=before.to_json()), "")
    assert replayed.classification == before
    assert replayed.state is not None
    assert replayed.state.name == "article"
