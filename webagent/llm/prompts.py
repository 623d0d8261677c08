"""Rendering the prompt templates in `webagent/prompts/*.md` into chat messages.

All prompt text lives in those files (Jinja2, strict about missing variables). A template is
split into messages by marker lines::

    <!-- system -->
    You are ...
    <!-- user -->
    Task: {{ task }}

Rendering is deterministic: no clock, no randomness, and templates iterate mappings with
`|dictsort`, so the same situation always gives the same request (and the same cassette key).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypedDict

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateNotFound, UndefinedError

from webagent.errors import ConfigError

Role = Literal["system", "user", "assistant"]


class Message(TypedDict):
    role: Role
    content: str


_MARKER = re.compile(r"^<!--\s*(system|user|assistant)\s*-->\s*$", re.MULTILINE)


def prompts_dir() -> Path:
    return Path(str(resources.files("webagent") / "prompts"))


@cache
def _environment() -> Environment:
    environment = Environment(
        loader=FileSystemLoader(prompts_dir()),
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["untrusted"] = untrusted
    return environment


_FENCES = re.compile(r"<(?=/?page\b)|<(?=!--)", re.IGNORECASE)
_ZERO_WIDTH_SPACE = "\u200b"


def untrusted(text: object) -> str:
    """Page content made inert for a prompt: it cannot close the `<page>` it is shown in,
    nor start a message of its own with a `<!-- role -->` marker (a zero-width space after
    the `<` breaks both, and the model still reads the text)."""
    return _FENCES.sub("<" + _ZERO_WIDTH_SPACE, str(text))


def render(name: str, **variables: Any) -> list[Message]:
    """The messages of template `name` (`prompts/<name>.md`) with `variables` filled in."""
    try:
        text = _environment().get_template(f"{name}.md").render(**variables)
    except TemplateNotFound as error:
        raise ConfigError(f"no prompt template {name}.md in {prompts_dir()}") from error
    except UndefinedError as error:
        raise ConfigError(f"prompt {name}.md: {error.message}") from error
    return split_messages(text, name)


def split_messages(text: str, name: str = "prompt") -> list[Message]:
    """Cut rendered text at its `<!-- role -->` markers."""
    parts = _MARKER.split(text)
    if parts[0].strip():
        raise ConfigError(f"prompt {name}: text before the first <!-- role --> marker")
    messages: list[Message] = []
    for role, content in zip(parts[1::2], parts[2::2], strict=True):
        body = content.strip()
        if body:
            messages.append({"role": role, "content": body})  # type: ignore[typeddict-item]
    if not messages:
        raise ConfigError(f"prompt {name} has no messages")
    return messages
