"""Sending a refused form again, another way, is irreversible too (`RefusedForms`)."""

from __future__ import annotations

from webagent.actions import Action, Click, Press, TypeText
from webagent.observation import Observation
from webagent.safety import FormFacts, RefusedForms, Risk, Target
from webagent.safety.risk import FLAGGED

NOTE = FormFacts("post", "http://wiki.test/index.php?title=Sandbox&action=submit")
SAVE = Target("button", "Save page", submits_form=True, form=NOTE)
SUMMARY = Target("textbox", "Summary", form=NOTE)
CANCEL_LINK = Target("link", "Cancel", href="http://wiki.test/Sandbox", form=NOTE)
SEARCH = FormFacts("get", "http://wiki.test/search")


class Lenient:
    """A site's judge that marks nothing (as on a site whose rules do not know the form)."""

    def saw(self, observation: Observation) -> None:
        pass

    def action(
        self, action: Action, target: Target | None, url: str, *, flagged: bool = False
    ) -> Risk:
        return Risk((FLAGGED,)) if flagged else Risk()

    def request(self, method: str, url: str, body: str = "") -> str | None:
        return None

    def undoable(self, method: str, url: str, body: str = "") -> str | None:
        return "it changes a note; undo: delete it" if method == "POST" else None


def test_until_a_refusal_it_judges_as_the_site_does() -> None:
    judge = RefusedForms(Lenient())
    assert judge.action(TypeText("e2", "x", True), SUMMARY, "http://wiki.test/") == Risk()
    assert judge.request("POST", NOTE.action) is None
    assert judge.undoable("POST", NOTE.action) == "it changes a note; undo: delete it"


def test_after_a_refusal_every_way_of_sending_the_form_is_irreversible() -> None:
    judge = RefusedForms(Lenient())
    judge.refused(SAVE)
    for action, target in [
        (TypeText("e2", "x", True), SUMMARY),  # Enter in one of its fields
        (Press("Enter"), SUMMARY),
        (Click("e3"), Target("button", "Preview", form=NOTE)),  # another of its buttons
    ]:
        risk = judge.action(action, target, "http://wiki.test/")
        assert risk.irreversible, action
        assert "the same form as button 'Save page', which was not approved" in risk.reasons[0]
    why = judge.request("POST", NOTE.action + "#top")
    assert why == "it sends the form of button 'Save page', which was not approved"
    assert judge.undoable("POST", NOTE.action) is None  # irreversible now, not undoable


def test_what_does_not_send_the_form_is_judged_as_before() -> None:
    judge = RefusedForms(Lenient())
    judge.refused(SAVE)
    assert not judge.action(TypeText("e2", "x", False), SUMMARY, "u").irreversible  # no Enter
    assert not judge.action(Click("e4"), CANCEL_LINK, "u").irreversible  # a link in it
    assert judge.request("POST", "http://wiki.test/api.php") is None  # another endpoint
    assert judge.request("GET", NOTE.action) is None


def test_a_refused_search_or_a_field_without_form_is_not_remembered() -> None:
    judge = RefusedForms(Lenient())
    judge.refused(Target("button", "Search", submits_form=True, form=SEARCH))
    judge.refused(Target("button", "Ping"))
    judge.refused(None)
    assert not judge.action(Press("Enter"), Target("searchbox", "q", form=SEARCH), "u").irreversible
    assert judge.request("POST", SEARCH.action) is None


def test_the_refused_button_again_is_not_named_as_another_way_to_itself() -> None:
    """Clicking the refused button once more is irreversible: when the site's judge says so
    already, nothing is added (the gate says it was denied before); when only the model had
    flagged it, the reason says it was not approved, not that it sends "the same form as"
    itself."""
    judge = RefusedForms(Lenient())
    judge.refused(SAVE)
    flagged = judge.action(Click("e3"), SAVE, "u", flagged=True)
    assert flagged.reasons == (FLAGGED,)
    again = judge.action(Click("e3"), SAVE, "u")
    assert again.irreversible
    assert again.reasons == ("it was not approved before",)
