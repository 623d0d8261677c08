"""What the safety gate needs to know about the element an action is aimed at, read from the DOM.

The role and name come from the latest observation when it shows the element (what the model
saw); the rest from the element itself: its tag, its form (method, action, fields, submit
buttons) and the text of its nearest container (a card, a dialog, a row), where prices and
totals are.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error, Page

from webagent.observation import Observation
from webagent.safety import FormFacts, Target

_DESCRIBE_JS = """(e) => {
  if (!e || e === document.body || e === document.documentElement) return null;
  const tag = e.tagName.toLowerCase();
  const type = (e.getAttribute('type') || '').toLowerCase();
  // A field is named by its label, never by its value (which may be a card number).
  const field = el => ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
    && !['submit', 'button', 'image', 'reset'].includes((el.type || '').toLowerCase());
  const text = el => (el.getAttribute && el.getAttribute('aria-label'))
      || (el.labels && el.labels[0] ? el.labels[0].innerText : '')
      || (field(el) ? el.placeholder || el.name || '' : el.innerText || el.value)
      || el.title || el.alt || '';
  const roles = {a: 'link', button: 'button', select: 'combobox', textarea: 'textbox'};
  let role = e.getAttribute('role') || roles[tag] || '';
  if (!role && tag === 'input') {
    role = ['submit', 'button', 'image', 'reset'].includes(type) ? 'button'
      : type === 'checkbox' ? 'checkbox' : type === 'radio' ? 'radio' : 'textbox';
  }
  const form = e.form || e.closest('form');
  const isSubmit = f => (f.tagName === 'BUTTON' && (!f.getAttribute('type')
      || f.getAttribute('type').toLowerCase() === 'submit'))
    || (f.tagName === 'INPUT' && ['submit', 'image'].includes((f.type || '').toLowerCase()));
  let facts = null;
  if (form) {
    const fields = [...form.elements].filter(f => !isSubmit(f) && f.tagName !== 'BUTTON'
        && !['button', 'reset'].includes((f.type || '').toLowerCase())).slice(0, 80)
      .map(f => [f.type || f.tagName.toLowerCase(), f.name || '', f.id || '',
        f.getAttribute('autocomplete') || '',
        (f.labels && f.labels[0] ? f.labels[0].innerText : '') || f.getAttribute('aria-label')
          || f.placeholder || ''].filter(Boolean).join(' ').toLowerCase());
    const submits = [...form.elements].filter(isSubmit).map(f => text(f).trim().slice(0, 120));
    const own = isSubmit(e);
    facts = {
      method: ((own && e.getAttribute('formmethod')) || form.getAttribute('method') || 'get')
        .toLowerCase(),
      action: (own && e.getAttribute('formaction')) ? e.formAction : form.action,
      fields, submits,
    };
  }
  const box = e.closest('dialog, [role=dialog], [role=alertdialog], form, article, li, tr, '
      + '[class*=card], [class*=modal], [class*=product], [class*=item], section')
    || (e.parentElement && e.parentElement.parentElement) || e.parentElement;
  return {
    role, name: text(e).trim().slice(0, 200), tag, type,
    href: tag === 'a' ? e.href : '', submitsForm: !!form && isSubmit(e), form: facts,
    context: box ? (box.innerText || '').slice(0, 800) : '',
    page: (document.title || '').slice(0, 200),
  };
}"""


def element_target(page: Page, element_id: str, observation: Observation | None) -> Target | None:
    """The facts about element `element_id` (an aria ref), or None when it is not there."""
    locator = page.locator(f"aria-ref={element_id}")
    try:
        if locator.count() == 0:
            return None
        facts = locator.evaluate(_DESCRIBE_JS)
    except Error:
        return None
    return _target(facts, observation.element(element_id) if observation else None)


def focused_target(page: Page) -> Target | None:
    """The facts about the focused element (where a key press goes), or None."""
    try:
        facts = page.evaluate(f"() => ({_DESCRIBE_JS})(document.activeElement)")
    except Error:
        return None
    return _target(facts, None)


def _target(facts: Any, seen: Any) -> Target | None:
    if not isinstance(facts, dict):
        return None
    form = facts.get("form")
    return Target(
        role=seen.role if seen is not None else str(facts["role"]),
        name=seen.name if seen is not None and seen.name else str(facts["name"]),
        tag=str(facts["tag"]),
        input_type=str(facts["type"]),
        href=str(facts["href"]),
        submits_form=bool(facts["submitsForm"]),
        form=FormFacts(
            method=str(form["method"]),
            action=str(form["action"]),
            fields=tuple(str(f) for f in form["fields"]),
            submits=tuple(str(s) for s in form["submits"]),
        )
        if isinstance(form, dict)
        else None,
        context=str(facts["context"]),
        page=str(facts.get("page") or ""),
    )


_FORMS_JS = """() => [...document.forms].slice(0, 100).map(form => {
  const submits = [...form.elements].filter(f => (f.tagName === 'BUTTON'
      && (!f.getAttribute('type') || f.getAttribute('type').toLowerCase() === 'submit'))
    || (f.tagName === 'INPUT' && ['submit', 'image'].includes((f.type || '').toLowerCase())));
  const fields = [...form.elements].filter(f => !submits.includes(f) && f.tagName !== 'BUTTON'
      && !['button', 'reset', 'hidden'].includes((f.type || '').toLowerCase())).slice(0, 80)
    .map(f => [f.type || f.tagName.toLowerCase(), f.name || '', f.id || '',
      f.getAttribute('autocomplete') || '',
      (f.labels && f.labels[0] ? f.labels[0].innerText : '') || f.getAttribute('aria-label')
        || f.placeholder || ''].filter(Boolean).join(' ').toLowerCase());
  return {
    method: (form.getAttribute('method') || 'get').toLowerCase(), action: form.action,
    fields, submits: submits.map(f => (f.innerText || f.value || f.getAttribute('aria-label')
      || '').trim().slice(0, 120)),
  };
})"""


def page_forms(page: Page) -> tuple[FormFacts, ...]:
    """Every form of the page (its method, where it is sent, its fields and submit buttons)."""
    try:
        found = page.evaluate(_FORMS_JS)
    except Error:  # the page went away meanwhile
        return ()
    return tuple(
        FormFacts(
            method=str(form["method"]),
            action=str(form["action"]),
            fields=tuple(str(f) for f in form["fields"]),
            submits=tuple(str(s) for s in form["submits"]),
        )
        for form in found
    )
