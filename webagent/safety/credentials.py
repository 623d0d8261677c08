"""Credentials written into a task's own text, taken out of it before anything reads it.

    task, secrets = hide_credentials(
        "Sign in as bob (password is hunter2!) and star the repo", Secrets())
    task      # 'Sign in as bob (password is <secret>task_password</secret>) and star the repo'
    secrets   # Secrets(names=('task_password',)): typed where the model writes the placeholder

A person often gives a password with the task ("sign in as bob, password hunter2"). Left in
the text, it would go to the model in every request, into the run's log, its result, its
recording and the plan library's lessons. Taken out here, before the run starts, it is a
secret like those of `--secrets`: the model sees and types `<secret>task_password</secret>`,
the browser substitutes the value only when it types it, and every file the run writes is
redacted of it.

Found: a word that names a credential (password, passcode, passphrase, PIN, token, API key,
secret key), maybe "for bob", followed by `is`, `:`, `=`, `to`, `as` or nothing, then the
value: quoted, or one word of at least four characters that is not an ordinary word of the
sentence ("the password is the secret password", "reset the password for bob" hold none)
and, with nothing before it, has a digit or a sign in it ("with password Tea.4two", not
"the password manager");
a `.`, `,` or `)` that ends the sentence is not part of it, a `!` is. A value already a
placeholder is left as it is.
"""

from __future__ import annotations

import re

from webagent.safety.secrets import MIN_LENGTH, PLACEHOLDER, Secrets

_NAMES = {
    "password": "password",
    "passwd": "password",
    "passcode": "password",
    "passphrase": "password",
    "pass phrase": "password",
    "pin": "pin",
    "pin code": "pin",
    "token": "token",
    "access token": "token",
    "api key": "api_key",
    "api-key": "api_key",
    "secret key": "secret_key",
}
_CREDENTIAL = re.compile(
    r"\b(?P<kind>pass ?phrase|passcode|passwd|password|pin(?: code)?|access token|token"
    r"|api[ -]key|secret key)\b"
    # "is", ":" or "=" (after "for bob", if any), "to", "as", "of", or nothing
    r"(?P<by>(?:\s+(?:for|of)\s+[^\s,;:]+)?\s*(?:\b(?:is|was|will be|should be)\b|[:=])"
    r"|\s*\b(?:to|as|of)\b)?\s*"
    r"(?:(?P<quote>[\"'`\u201c\u2018])(?P<quoted>[^\"'`\u201d\u2019\n]{1,200})[\"'`\u201d\u2019]"
    r"|(?P<word>[^\s\"'`,;()]+))",
    re.IGNORECASE,
)
_PLAIN = frozenset(
    """the a an your my his her their its our this that these those it there here one
    same secret given stored provided correct current new old above below default usual
    in on at for from with by and or but to be is as of field box please if when which
    who whom whose what where you we they he she them him us me first last next other
    shown written listed saved known real right wrong empty blank something anything
    whatever yours mine reset change changed""".split()  # noqa: SIM905 - words read best as words
)
_CODED = re.compile(r"[^A-Za-z]")
"""A value given without "is" or ":" must look like one: a digit or a sign in it."""
_TRAILING = ".,;:?)]}"
"""Ends a sentence rather than a value (a `!` is kept: passwords end in one as often)."""


def hide_credentials(task: str, secrets: Secrets) -> tuple[str, Secrets]:
    """The task with each credential its text gives replaced by a placeholder, and
    `secrets` with those values added (named `task_password`, `task_token`, ... and `_2`,
    `_3` for more of a kind)."""
    found: dict[str, str] = {}
    pieces: list[str] = []
    last = 0
    for match in _CREDENTIAL.finditer(task):
        value, start, end = _value(match)
        if value is None:
            continue
        kind = _NAMES.get(re.sub(r"[\s-]+", " ", match.group("kind").lower()), "password")
        known = next((name for name, seen in found.items() if seen == value), None)
        name = known or _free_name(f"task_{kind}", {*secrets.names, *found})
        found[name] = value
        pieces += [task[last:start], PLACEHOLDER.format(name=name)]
        last = end
    if not found:
        return task, secrets
    pieces.append(task[last:])
    return "".join(pieces), secrets.merged(Secrets(found))


def _value(match: re.Match[str]) -> tuple[str | None, int, int]:
    """The credential's value and where it stands in the task, or None when what follows
    the word is no value."""
    if match.group("quoted") is not None:
        value = match.group("quoted").strip()
        start, end = match.start("quoted"), match.end("quoted")
    else:
        word = match.group("word")
        value = word.rstrip(_TRAILING) if len(word.rstrip(_TRAILING)) >= MIN_LENGTH else word
        start = match.start("word")
        end = start + len(value)
        if value.lower() in _PLAIN:
            return None, 0, 0
        if match.group("by") is None and not _CODED.search(value):
            return None, 0, 0  # "the password manager", "a token expired": no value
    if len(value) < MIN_LENGTH or value.startswith("<secret>"):
        return None, 0, 0
    return value, start, end


def _free_name(base: str, taken: set[str]) -> str:
    name, number = base, 2
    while name in taken:
        name, number = f"{base}_{number}", number + 1
    return name
