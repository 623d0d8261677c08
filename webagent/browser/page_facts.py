"""What an observation needs from the page that its accessibility snapshot does not say,
read in one evaluation: the focused multi-line field's text with its line breaks (the
snapshot runs them together), the layout of the tables whose cells span rows or columns
(the snapshot lists the cells without their spans), which fields and submit buttons make
up each form (the snapshot shows a form without a name as a bare `generic`), and each
field's `name` attribute and whether it is a password field (the snapshot shows an
unlabelled field as a bare `textbox`, a password field as any other)."""

from __future__ import annotations

from playwright.sync_api import Error, Page

from webagent.browser.editing import FIELD_TEXT_JS
from webagent.observation.facts import FieldFacts, FormLayout, PageFacts
from webagent.observation.spans import parse_grids
from webagent.observation.tree import Box

_FACTS_JS = """() => {
  let e = document.activeElement, focused = null;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  if (e && e.isContentEditable)
    while (e.parentElement && e.parentElement.isContentEditable) e = e.parentElement;
  if (e && (e.tagName === 'TEXTAREA' || e.isContentEditable)) focused = (FIELD_TEXT)(e);
  const grids = [];
  for (const table of document.querySelectorAll('table')) {
    if (!table.getClientRects().length) continue;  // not laid out: not in the snapshot
    const covered = [], rows = [];
    let spans = false;
    [...table.rows].forEach((tr, r) => {
      const taken = covered[r] = covered[r] || new Set(), cells = [];
      const above = [...taken];
      let column = 0;
      for (const cell of tr.cells) {
        while (taken.has(column)) column++;
        const down = Math.max(1, cell.rowSpan || 1), wide = Math.max(1, cell.colSpan || 1);
        spans = spans || down > 1 || wide > 1;
        cells.push([column, wide]);
        for (let i = 0; i < down; i++) {
          const row = covered[r + i] = covered[r + i] || new Set();
          for (let j = 0; j < wide; j++) row.add(column + j);
        }
        column += wide;
      }
      rows.push({cells, covered: above});
    });
    if (spans) grids.push(rows);
  }
  // Whether each inline element with a role touches its neighbours (no whitespace between).
  const blank = /^\\s/, touches = (node, end) => !!node && node.textContent !== ''
    && !(end ? /\\s$/ : blank).test(node.textContent);
  const glue = [...document.querySelectorAll('code, strong, em, mark, sub, sup, del, ins, s')]
    .filter(e => e.getClientRects().length)
    .map(e => [touches(e.previousSibling, true), touches(e.nextSibling, false),
      /\\s\\s|\t/.test(e.textContent) && /^(pre|pre-wrap|break-spaces)$/.test(
        getComputedStyle(e).whiteSpace) ? e.textContent : null]);
  // Text areas of several lines: the snapshot runs their lines together.
  const lines = [...document.querySelectorAll('textarea')]
    .filter(e => e.getClientRects().length && e.value.includes('\\n')).slice(0, 20)
    .map(e => [e.value.split(/\\s+/).filter(Boolean).join(' '), e.value.split('\\n').length]);
  // Each form's fields and submit buttons, by their boxes rounded as the snapshot's are.
  const box = e => { const r = e.getBoundingClientRect();
    return r.width && r.height ? [r.x, r.y, r.width, r.height].map(Math.round) : null; };
  const forms = [...document.forms].slice(0, 50).map(form => {
    const fields = [], submits = [];
    for (const e of form.elements) {
      const type = (e.type || '').toLowerCase(), b = box(e);
      if (!b) continue;
      if ((e.tagName === 'BUTTON' || e.tagName === 'INPUT') && /^(submit|image)$/.test(type))
        submits.push(b);
      else if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName) && !/^(hidden|button|reset)$/.test(type))
        fields.push(b);
    }
    return [fields, submits];
  }).filter(([fields, submits]) => fields.length && submits.length);
  // The fields the snapshot shows as textbox, searchbox, spinbutton, combobox or listbox,
  // in document order, open shadow roots in place of their host's children.
  const fields = [], roles = /^(textbox|searchbox|spinbutton|combobox|listbox)$/;
  const notText = /^(hidden|checkbox|radio|button|submit|reset|image|file|range|color)$/;
  const visit = root => {
    for (const e of root.children) {
      if (fields.length >= 300) return;
      const role = e.getAttribute('role'), tag = e.tagName;
      const native = tag === 'TEXTAREA' || tag === 'SELECT'
        || (tag === 'INPUT' && !notText.test((e.type || '').toLowerCase()));
      if ((role ? roles.test(role) : native) && e.checkVisibility({visibilityProperty: true}))
        fields.push([box(e), (e.type || '').toLowerCase() === 'password',
          e.getAttribute('name') || '']);
      visit(e.shadowRoot || e);
    }
  };
  visit(document.body || document.documentElement);
  return {focused, grids, glue, lines, forms, fields};
}""".replace("FIELD_TEXT", FIELD_TEXT_JS)


def page_facts(page: Page) -> PageFacts:
    """Read them; nothing when the page cannot answer (it is navigating)."""
    try:
        facts = page.evaluate(_FACTS_JS)
    except Error:
        return PageFacts()
    focused = facts.get("focused")
    glue = tuple(
        (bool(a), bool(b), text if isinstance(text, str) else None)
        for a, b, text in facts.get("glue") or ()
    )
    lines = tuple(
        (text, count)
        for text, count in facts.get("lines") or ()
        if isinstance(text, str) and isinstance(count, int)
    )
    return PageFacts(
        focused if isinstance(focused, str) else None,
        parse_grids(facts.get("grids")),
        glue,
        lines,
        _forms(facts.get("forms")),
        _fields(facts.get("fields")),
    )


def _fields(raw: object) -> tuple[FieldFacts, ...]:
    """The fields as the page gave them: `[box or null, password, name attribute]` each."""
    if not isinstance(raw, list):
        return ()
    return tuple(
        FieldFacts(_box(field[0]), field[1] is True, field[2] if isinstance(field[2], str) else "")
        for field in raw
        if isinstance(field, list) and len(field) == 3
    )


def _box(item: object) -> Box | None:
    if isinstance(item, list) and len(item) == 4 and all(isinstance(v, int) for v in item):
        return Box(*item)
    return None


def _forms(raw: object) -> tuple[FormLayout, ...]:
    """The forms as the page gave them: `[[field boxes], [submit boxes]]` each."""
    if not isinstance(raw, list):
        return ()

    def boxes(items: object) -> list[Box]:
        if not isinstance(items, list):
            return []
        return [
            Box(*item)
            for item in items
            if isinstance(item, list) and len(item) == 4 and all(isinstance(v, int) for v in item)
        ]

    return tuple(
        FormLayout(frozenset(boxes(form[0])), tuple(boxes(form[1])))
        for form in raw
        if isinstance(form, list) and len(form) == 2
    )
