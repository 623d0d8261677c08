"""Changing part of a field's text and keeping the rest: `append`, `insert`, `replace`.

A form field (`<textarea>`, `<input>`) gets a selection placed with `setSelectionRange`; a
contenteditable editor gets its caret placed with the DOM's Selection API, moving by
paragraphs (a paragraph is a line as the editor holds it: a block, or text up to a `<br>`,
never a line the browser wrapped). Then the text is typed at the caret through Playwright's
keyboard (`insert_text`, and Enter between lines in an editor), as a person's typing arrives,
so the page's own handlers see it. The result is read back: a field whose text is not what the
edit should have made (a script rewrote it, an editor indented it) is reported, not assumed.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from webagent.actions import Append, Insert, Replace

Edit = Append | Insert | Replace

# Where the edit goes, as [start, end, before, after]: the range to replace and the text to
# put around the typed text (a line break); or an error sentence. The element's text is its
# `value` for a form field, its `innerText` for an editor.
FIELD_TEXT_JS = """e => (e.tagName === 'TEXTAREA' || e.tagName === 'INPUT')
  ? e.value : e.innerText.replace(/\\n$/, '')"""
"""A field's text as a person sees it, its lines included: a form field's value, or an
editor's text without the line break the browser adds after its last block. The one reading
of a field's text that editing and observing share."""

_PLAN_JS = """(e, [kind, line, old]) => {
  const field = e.tagName === 'TEXTAREA' || e.tagName === 'INPUT';
  if (!field && !e.isContentEditable) return {error: 'not a text field'};
  const text = (FIELD_TEXT)(e);
  const multi = !field || e.tagName === 'TEXTAREA';
  if (kind === 'replace') {
    const first = text.indexOf(old);
    if (first < 0) return {error: 'missing', text};
    if (text.indexOf(old, first + 1) >= 0) return {error: 'twice', text};
    return {field, text, start: first, end: first + old.length, before: '', after: ''};
  }
  const lines = text.split('\\n');
  if (kind === 'insert' && multi && line <= lines.length && text !== '') {
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    return {field, text, start, end: start, before: '', after: '\\n', line};
  }
  const gap = multi && text !== '' && !text.endsWith('\\n') ? '\\n' : '';
  return {field, text, start: text.length, end: text.length, before: gap, after: '',
          line: lines.length + 1};
}""".replace("FIELD_TEXT", FIELD_TEXT_JS)

_SELECT_FIELD_JS = """(e, [start, end]) => { e.focus(); e.setSelectionRange(start, end); }"""

# An editor's caret: at the start, then forward by paragraphs to line `line` (1: the first);
# `end` moves it to the end of the last instead. A replacement selects `length` characters
# from `start`, counted as the Selection API counts them.
_SELECT_EDITOR_JS = """(e, [mode, line, start, length]) => {
  e.focus();
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(e);
  range.collapse(mode !== 'end');
  selection.removeAllRanges();
  selection.addRange(range);
  if (mode === 'line') {
    for (let i = 1; i < line; i++) {
      selection.modify('move', 'forward', 'paragraphboundary');
      selection.modify('move', 'forward', 'character');
    }
  } else if (mode === 'span') {
    for (let i = 0; i < start; i++) selection.modify('move', 'forward', 'character');
    for (let i = 0; i < length; i++) selection.modify('extend', 'forward', 'character');
  }
}"""


def edit(page: Page, locator: Locator, action: Edit) -> str | None:
    """Make the edit on the field `locator` finds; None when its text is then what the edit
    should have made, else why not."""
    kind = action.name
    line = action.line if isinstance(action, Insert) else 0
    old = action.old if isinstance(action, Replace) else ""
    plan = locator.evaluate(_PLAN_JS, [kind, line, old])
    target = f"[{action.element}]"
    if plan.get("error") == "not a text field":
        return f"{target} is not a text field; {kind} changes the text of a field or an editor"
    if plan.get("error") == "missing":
        return f"{target} does not hold {old!r} exactly; copy the text as the field shows it"
    if plan.get("error") == "twice":
        return f"{target} holds {old!r} more than once; give more of the text around it"
    typed = action.new if isinstance(action, Replace) else action.text
    before, after, text = str(plan["before"]), str(plan["after"]), str(plan["text"])
    start, end = int(plan["start"]), int(plan["end"])
    expected = text[:start] + before + typed + after + text[end:]
    if plan["field"]:
        locator.evaluate(_SELECT_FIELD_JS, [start, end])
        page.keyboard.insert_text(before + typed + after)
    else:
        _edit_editor(page, locator, plan, typed)
    now = str(locator.evaluate(FIELD_TEXT_JS))
    if now != expected and now != expected.removesuffix("\n"):
        return (
            f"{target} did not take the {kind} as given (the page changed the text as it was "
            f"typed); it now holds {len(now.splitlines())} lines: check them before saving"
        )
    return None


def _edit_editor(page: Page, locator: Locator, plan: dict[str, object], typed: str) -> None:
    """Type into a contenteditable editor at the planned place: a new line is Enter, so the
    editor makes its lines its own way."""
    start, end = int(str(plan["start"])), int(str(plan["end"]))
    if end > start:  # a replacement: select the old text, then type over it (or delete it)
        locator.evaluate(_SELECT_EDITOR_JS, ["span", 0, start, end - start])
        if not typed:
            page.keyboard.press("Delete")
        _type_lines(page, typed)
        return
    at_line = plan["after"] == "\n"
    locator.evaluate(_SELECT_EDITOR_JS, ["line" if at_line else "end", plan["line"], 0, 0])
    if plan["before"]:
        page.keyboard.press("Enter")
    _type_lines(page, typed)
    if at_line:
        page.keyboard.press("Enter")


def _type_lines(page: Page, typed: str) -> None:
    for index, line in enumerate(typed.split("\n")):
        if index:
            page.keyboard.press("Enter")
        if line:
            page.keyboard.insert_text(line)
