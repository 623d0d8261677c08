"""Fields without an accessible name are called what the page shows (`field_names`), a
password field says so and never shows its value; on small stored snapshots."""

from __future__ import annotations

from webagent.actions.grammar import parse_action
from webagent.controller.effects import history_line
from webagent.controller.page import PageReader
from webagent.observation import RenderOptions, compose_observation, parse_snapshot, render_tree
from webagent.observation.facts import FieldFacts, PageFacts
from webagent.observation.field_names import words_of
from webagent.observation.tree import Box

LOGIN = (
    "- paragraph [ref=e20]:\n"
    "  - text: Login\n"
    "  - textbox [ref=e21]\n"
    "  - textbox [ref=e22]: hunter2\n"
    '  - button "Login" [ref=e24]\n'
)
LOGIN_FIELDS = (FieldFacts(None, False, "__login_name"), FieldFacts(None, True, "__login_password"))

ISSUE = (
    "- table [ref=e44]:\n"
    "  - rowgroup [ref=e45]:\n"
    "    - row [ref=e77]:\n"
    '      - rowheader "Change Note" [ref=e78]\n'
    "      - cell [ref=e79]:\n"
    "        - textbox [ref=e80]\n"
    "    - row [ref=e57]:\n"
    '      - rowheader "Superseder" [ref=e58]\n'
    "      - cell [ref=e59]:\n"
    "        - textbox [ref=e60]\n"
    '      - rowheader "Nosy List:" [ref=e63]\n'
    "      - cell [ref=e64]:\n"
    "        - textbox [ref=e65]: alice,bob\n"
)


def _render(snapshot: str, fields: tuple[FieldFacts, ...] = (), **options: object) -> str:
    rendering = render_tree(
        parse_snapshot(snapshot), RenderOptions(facts=PageFacts(fields=fields), **options)
    )
    return "\n".join(line.text for line in rendering.lines)


def test_a_field_in_a_table_row_is_named_after_the_rows_header_cell() -> None:
    text = _render(ISSUE)
    assert "Change Note | [e80] textbox 'Change Note'" in text
    assert (
        "Superseder | [e60] textbox 'Superseder' | Nosy List: | [e65] textbox 'Nosy List'" in text
    )


def test_the_page_names_unlabelled_fields_and_says_which_is_the_password() -> None:
    """The snapshot has no boxes: the page's fields are matched by order."""
    text = _render(LOGIN, LOGIN_FIELDS)
    assert "[e21] textbox 'login name'" in text
    assert "[e22] textbox 'login password' (password, filled)" in text
    assert "hunter2" not in text
    assert "[e21] textbox [e22]" in _render(LOGIN)  # without the page's facts: bare
    assert "[e22] textbox value='hunter2'" in _render(LOGIN)  # the snapshot alone cannot tell


def test_boxes_match_the_page_fields_when_the_snapshot_has_them() -> None:
    snapshot = (
        "- generic [ref=e1] [box=0,0,400,100]:\n"
        "  - textbox [ref=e2] [box=10,10,100,20]\n"
        '  - textbox "Custom" [ref=e3] [box=10,40,100,20]\n'
        "  - textbox [ref=e4] [box=10,70,100,20]\n"
    )
    # The page lists one field the snapshot does not show: only boxes can match.
    fields = (
        FieldFacts(Box(0, 0, 5, 5), False, "hidden_widget"),
        FieldFacts(Box(10, 10, 100, 20), False, "user_email"),
        FieldFacts(Box(10, 40, 100, 20), True, "pin"),
        FieldFacts(Box(10, 70, 100, 20), False, ""),
    )
    text = _render(snapshot, fields)
    assert "[e2] textbox 'user email'" in text
    assert "[e3] textbox 'Custom' (password)" in text  # its own name kept
    assert "[e4] textbox\n" in text + "\n"  # nothing names it
    # Counts that differ and no boxes: nothing is matched by order.
    assert "login" not in _render(LOGIN, LOGIN_FIELDS[:1])


def test_a_label_like_text_before_a_field_or_its_placeholder_names_it() -> None:
    snapshot = (
        "- paragraph [ref=e6]:\n"
        '  - text: "User name:"\n'
        "  - textbox [ref=e7]\n"
        "  - text: Login\n"
        "  - textbox [ref=e8]:\n"
        "    - /placeholder: Your e-mail\n"
    )
    text = _render(snapshot, (FieldFacts(None, False, "x"), FieldFacts(None, False, "email")))
    assert "[e7] textbox 'User name'" in text
    assert "[e8] textbox 'Your e-mail'\n" in text + "\n"  # a title is no label; no repeat


def test_a_typed_credential_shows_as_its_placeholder_and_the_name_reaches_the_history() -> None:
    shown = {"hunter2": "<secret>pw</secret>"}
    observation = compose_observation(
        parse_snapshot(LOGIN),
        url="http://x/",
        title="",
        options=RenderOptions(facts=PageFacts(fields=LOGIN_FIELDS), password_value=shown.get),
    )
    assert "[e22] textbox 'login password' (password) value='<secret>pw</secret>'" in (
        observation.text
    )
    password = observation.element("e22")
    assert password is not None
    assert (password.name, password.value) == ("login password", "<secret>pw</secret>")
    page = PageReader(None, None, states=False).read(observation, "")
    line = history_line(parse_action("type [e21] [alice]"), page)
    assert "(textbox 'login name')" in line, line


def test_the_name_attribute_as_words() -> None:
    assert words_of("__login_name") == "login name"
    assert words_of("firstName") == "first name"
    assert words_of("user[email]") == "user email"
    assert words_of("@note") == "note"
    assert words_of("HTTPPort2") == "http port 2"
