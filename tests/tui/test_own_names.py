"""The app's widgets, screens and app keep their own state under names Textual does not use
in the classes they extend: `WebAgentApp` once kept "the session is closed" in `_closed`,
Textual's flag for a closed message queue, and the app dropped its own exit message (the
TUI hung after `q`, now and then)."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import pkgutil
import re

from textual.message_pump import MessagePump

import tui

ASSIGNED = re.compile(r"self\.(_[A-Za-z0-9_]+)\s*(?::[^=\n]+)?=(?!=)")
DEFINED = re.compile(r"def (_[A-Za-z0-9_]+)\(")
CLASS_LEVEL = re.compile(r"^    (_[A-Za-z0-9_]+)\s*[:=]", re.MULTILINE)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def textual_names(cls: type) -> set[str]:
    """The private names a Textual class has (its own and those Textual's metaclass puts on
    it) and the private attributes its methods assign."""
    names = {name for name in vars(cls) if _private(name)}
    with contextlib.suppress(OSError, TypeError):
        names |= set(ASSIGNED.findall(inspect.getsource(cls)))
    return names


def written_names(cls: type) -> set[str]:
    """The private names our source of `cls` writes: its attributes, methods, and what its
    methods assign."""
    source = inspect.getsource(cls)
    return {
        name
        for pattern in (ASSIGNED, DEFINED, CLASS_LEVEL)
        for name in pattern.findall(source)
        if _private(name)
    }


def app_classes() -> list[type]:
    """Every class of the `tui` package that extends Textual's message pumps."""
    found = []
    for module_info in pkgutil.walk_packages(tui.__path__, "tui."):
        module = importlib.import_module(module_info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, MessagePump):
                found.append(cls)
    return found


def test_no_private_name_of_the_app_is_one_of_textuals() -> None:
    classes = app_classes()
    assert {cls.__name__ for cls in classes} >= {"WebAgentApp", "RunScreen"}
    shadowed = []
    for cls in classes:
        textuals = set().union(
            *(textual_names(base) for base in cls.__mro__ if base.__module__.startswith("textual"))
        )
        assert "_closed" in textuals  # the scan reads what the Textual classes assign
        ours = set().union(
            *(written_names(base) for base in cls.__mro__ if base.__module__.startswith("tui"))
        )
        shadowed += [f"{cls.__name__}.{name}" for name in sorted(ours & textuals)]
    assert shadowed == [], f"tui/ takes names Textual uses: {shadowed}"
