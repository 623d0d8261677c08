"""Credentials reach the model only as placeholders and nothing written ever contains them."""

from __future__ import annotations

import base64
import html
import json
import os
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest

from webagent.errors import WebAgentError
from webagent.safety.secrets import PLACEHOLDER, SecretError, Secrets

PASSWORD = "P@ss word!"
TRICKY = "tr1cky\"<&>'ü/\\"  # every character JSON or HTML escapes, and a non-ASCII one
TOKEN = "sk-live-4f9a8b7c6d5e"
SECRETS = Secrets({"pw": PASSWORD, "tricky": TRICKY, "token": TOKEN})
PW = "<secret>pw</secret>"


def lower_hex(encoded: str) -> str:
    """Percent-encoding with lower-case hex digits, as some clients write it."""
    return re.sub(r"%[0-9A-F]{2}", lambda m: m[0].lower(), encoded)


def shape(value: object) -> object:
    """A JSON value's structure: keys and list lengths, not the strings."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


# Loading


def test_from_env_takes_prefixed_variables_as_lowercase_names() -> None:
    environ = {"WEBAGENT_SECRET_SHOP_PASSWORD": "hunter22", "HOME": "/root", "SHOP_PW": "nope"}
    secrets = Secrets.from_env(environ)
    assert secrets.names == ("shop_password",)
    assert secrets.substitute("<secret>shop_password</secret>") == "hunter22"


def test_from_env_reads_the_process_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBAGENT_SECRET_API_KEY", "abcd-1234")
    assert "api_key" in Secrets.from_env().names
    assert Secrets.from_env({"X_PW": "abcd-1234"}, prefix="X_").names == ("pw",)


def test_from_env_rejects_a_short_value_naming_the_variable_not_the_value() -> None:
    with pytest.raises(SecretError, match="pin") as raised:
        Secrets.from_env({"WEBAGENT_SECRET_PIN": "123"})
    assert "123" not in str(raised.value)


@pytest.mark.parametrize(
    ("filename", "content"),
    [
        ("secrets.toml", 'shop_password = "hunter22"\n"api.key" = "sk-abcdef"\n'),
        ("secrets.json", '{"shop_password": "hunter22", "api.key": "sk-abcdef"}'),
    ],
)
def test_from_file_reads_toml_and_json(tmp_path: Path, filename: str, content: str) -> None:
    path = tmp_path / filename
    path.write_text(content)
    secrets = Secrets.from_file(path)
    assert secrets.names == ("api.key", "shop_password")
    assert secrets.substitute("<secret>api.key</secret>") == "sk-abcdef"


@pytest.mark.parametrize(
    ("filename", "content", "expected"),
    [
        ("s.toml", 'pw = "hunter22', "s.toml"),
        ("s.json", '{"pw": "hunter22",}', "s.json"),
        ("s.json", '["hunter22"]', "table"),
        ("s.toml", "pin = 12345678\n", "'pin' must be a string"),
        ("s.json", '{"shop": {"pw": "hunter22"}}', "'shop' must be a string"),
        ("s.toml", 'pin = "123"\n', "'pin' is shorter than 4"),
        ("s.json", '{"bad name": "hunter22"}', "'bad name' is not a secret name"),
        ("s.yaml", "pw: hunter22\n", ".toml or .json"),
    ],
)
def test_malformed_files_fail_clearly_without_showing_values(
    tmp_path: Path, filename: str, content: str, expected: str
) -> None:
    path = tmp_path / filename
    path.write_text(content)
    with pytest.raises(SecretError) as raised:
        Secrets.from_file(path)
    message = str(raised.value)
    assert str(path) in message
    assert expected in message
    for value in ("hunter22", "12345678", '123"'):
        assert value not in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SecretError, match=r"nowhere\.toml: no such secrets file"):
        Secrets.from_file(tmp_path / "nowhere.toml")


@pytest.mark.parametrize("value", ["", "abc", "ü1"])
def test_values_too_short_to_redact_are_rejected(value: str) -> None:
    with pytest.raises(SecretError, match="'pin' is shorter than 4 characters"):
        Secrets({"pin": value})
    assert issubclass(SecretError, WebAgentError)


def test_repr_shows_names_never_values() -> None:
    text = f"{SECRETS!r} {SECRETS!s}"
    assert "pw" in text
    assert "token" in text
    assert SECRETS.leaks(text) == []
    assert PASSWORD not in text


def test_size_truth_and_merging() -> None:
    assert not Secrets()
    assert len(Secrets()) == 0
    assert len(SECRETS) == 3
    merged = SECRETS.merged(Secrets({"pw": "n3w-password", "extra": "xtra-value"}))
    assert merged.names == ("extra", "pw", "token", "tricky")
    assert merged.substitute(PW) == "n3w-password"
    assert SECRETS.substitute(PW) == PASSWORD  # the original is unchanged


# Placeholders and substitution


def test_substitute_restores_what_redact_hid() -> None:
    text = f"log in with {PASSWORD} and {TRICKY}, then call with {TOKEN}"
    redacted = SECRETS.redact(text)
    assert redacted == (
        f"log in with {PW} and <secret>tricky</secret>, then call with <secret>token</secret>"
    )
    assert SECRETS.has_placeholder(redacted)
    assert not SECRETS.has_placeholder(text)
    assert SECRETS.substitute(redacted) == text
    assert SECRETS.placeholder("pw") == PLACEHOLDER.format(name="pw") == PW


def test_an_unknown_placeholder_lists_the_known_names_and_no_value() -> None:
    with pytest.raises(SecretError) as raised:
        SECRETS.substitute("type <secret>shop_pasword</secret>")
    message = str(raised.value)
    assert "'shop_pasword'" in message
    assert "pw, token, tricky" in message
    assert SECRETS.leaks(message) == []
    with pytest.raises(SecretError, match="known: pw"):
        SECRETS.placeholder("nope")


# Redaction in every encoding


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("email=a%40b.com&password=P%40ss+word%21", f"email=a%40b.com&password={PW}"),
        (f"next=/home&pw={quote(PASSWORD, safe='')}", f"next=/home&pw={PW}"),
        (f"pw={lower_hex(quote(PASSWORD))}", f"pw={PW}"),
        (f"pw={quote_plus(quote_plus(PASSWORD))}", f"pw={PW}"),  # encoded twice
        (json.dumps({"password": PASSWORD}), f'{{"password": "{PW}"}}'),
        (f"Basic {base64.b64encode(PASSWORD.encode()).decode()}", f"Basic {PW}"),
        (f"t={base64.urlsafe_b64encode(PASSWORD.encode()).decode().rstrip('=')}&", f"t={PW}&"),
        (f"x {base64.b64encode(PASSWORD.encode()).decode().rstrip('=')}.", f"x {PW}."),
    ],
)
def test_redact_catches_the_password_however_it_is_encoded(text: str, expected: str) -> None:
    assert SECRETS.leaks(text) == ["pw"]
    assert SECRETS.redact(text) == expected
    assert SECRETS.leaks(expected) == []


ENCODINGS: dict[str, Callable[[str], str]] = {
    "json": lambda v: json.dumps({"password": v}),
    "json-utf8": lambda v: json.dumps({"password": v}, ensure_ascii=False),
    "json-in-json": lambda v: json.dumps(json.dumps({"password": v})),  # a body in a HAR string
    "html-attribute": lambda v: f'<input name="pw" value="{html.escape(v)}">',
    "html-text": lambda v: f"<p>{html.escape(v, quote=False)}</p>",
    "html-decimal": lambda v: "<p>" + "".join(f"&#{ord(c)};" for c in v) + "</p>",
    "quote-plus": quote_plus,
    "quote-lower-hex": lambda v: lower_hex(quote(v, safe="/")),
    "base64": lambda v: base64.b64encode(v.encode()).decode(),
    "base64-urlsafe-unpadded": lambda v: base64.urlsafe_b64encode(v.encode()).decode().rstrip("="),
}


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_characters_that_need_escaping_are_caught_in_each_encoding(encoding: str) -> None:
    text = f"before {ENCODINGS[encoding](TRICKY)} after"
    assert SECRETS.leaks(text) == ["tricky"]
    redacted = SECRETS.redact(text)
    assert "<secret>tricky</secret>" in redacted
    assert SECRETS.leaks(redacted) == []
    assert redacted.startswith("before ")
    assert redacted.endswith(" after")


def test_a_json_body_stays_valid_json_after_redaction() -> None:
    body = json.dumps({"user": "a@b.com", "password": TRICKY, "token": TOKEN})
    assert json.loads(SECRETS.redact(body)) == {
        "user": "a@b.com",
        "password": "<secret>tricky</secret>",
        "token": "<secret>token</secret>",
    }


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_json_stays_parsable_when_a_value_ends_in_a_backslash_before_a_quote(depth: int) -> None:
    secrets = Secrets({"dir": "C:\\keys\\"})
    text: str = 'C:\\keys\\"quoted"'
    for _ in range(depth):
        text = json.dumps(text)
    redacted = secrets.redact(text)
    for _ in range(depth):
        redacted = json.loads(redacted)
    assert redacted == '<secret>dir</secret>"quoted"'


def test_basic_auth_of_user_and_password_is_caught_inside_the_base64() -> None:
    header = "Authorization: Basic " + base64.b64encode(f"alice:{PASSWORD}".encode()).decode()
    assert SECRETS.leaks(header) == ["pw"]
    redacted = SECRETS.redact(header)
    assert SECRETS.leaks(redacted) == []
    encoded = redacted.removeprefix("Authorization: Basic ")
    assert base64.b64decode(encoded) == f"alice:{PW}".encode()


@pytest.mark.parametrize("offset", [0, 1, 2, 3, 4])
def test_the_password_in_a_longer_base64_blob_is_caught_at_any_alignment(offset: int) -> None:
    blob = b"x" * offset + b'{"password": "' + PASSWORD.encode() + b'", "n": 1}' + bytes(7)
    text = "url=https://shop.test/a/b/" + base64.b64encode(blob).decode() + " end"
    assert SECRETS.leaks(text) == ["pw"]
    redacted = SECRETS.redact(text)
    assert SECRETS.leaks(redacted) == []
    assert redacted.startswith("url=https://shop.test/a/b/")
    assert redacted.endswith(" end")


def test_overlapping_secrets_are_redacted_entirely() -> None:
    secrets = Secrets({"long": "hunter22-extra", "short": "hunter22", "tail": "extra-9999"})
    text = "a hunter22-extra-9999 b hunter22 c"
    redacted = secrets.redact(text)
    assert secrets.leaks(text) == ["long", "short", "tail"]
    assert redacted == "a <secret>long</secret> b <secret>short</secret> c"
    assert secrets.leaks(redacted) == []


def test_redaction_is_idempotent_even_when_a_value_is_in_its_own_placeholder() -> None:
    secrets = Secrets({"shop": "shop", "other": "secret"})
    once = secrets.redact("my shop secret")
    assert once == "my <secret>shop</secret> <secret>other</secret>"
    assert secrets.redact(once) == once
    assert secrets.leaks(once) == []


def test_redact_bytes_handles_binary_around_utf8_values() -> None:
    data = b"\x89PNG\x00\xff" + TRICKY.encode() + b"\x00" + quote(PASSWORD).encode() + b"\xfe"
    assert SECRETS.leaks(data) == ["pw", "tricky"]
    clean = SECRETS.redact_bytes(data)
    assert clean == b"\x89PNG\x00\xff<secret>tricky</secret>\x00" + PW.encode() + b"\xfe"
    assert SECRETS.leaks(clean) == []


@pytest.mark.parametrize("value", ["über-geheim", "€uro-pass", "&amp;-start", "%41-start"])
@pytest.mark.parametrize("encoding", ["plain", "quote", "json", "html-decimal", "base64"])
def test_a_value_deep_in_a_long_text_is_found_whatever_its_first_character(
    value: str, encoding: str
) -> None:
    """The scan looks first at where a value can start (its own first character, or `%`, `+`,
    a backslash or `&`): values that start with a non-ASCII character or with one of those
    are found too, in text and in bytes, after much text that holds none."""
    secrets = Secrets({"v": value})
    written = {
        "plain": value,
        "quote": quote(value, safe=""),
        "json": json.dumps(value)[1:-1],
        "html-decimal": "".join(f"&#{ord(c)};" for c in value),
        "base64": base64.b64encode(value.encode()).decode(),
    }[encoding]
    filler = "".join(f"<a href='/p?q=a%20b&amp;n={n}'>\\x+{n}</a> " for n in range(2000))
    text = filler + written + " " + filler
    assert secrets.leaks(text) == ["v"]
    assert secrets.redact(text) == filler + "<secret>v</secret> " + filler
    data = b"\x00\xff%&+\\" * 3000 + written.encode() + b"\xfe"
    assert secrets.leaks(data) == ["v"]
    assert secrets.redact_bytes(data).endswith(b"<secret>v</secret>\xfe")


def test_redact_json_copies_with_keys_values_and_numbers_redacted() -> None:
    card = Secrets({"card": "4111111111111111"})
    value = {"cards": [{"4111111111111111": "x"}, 4111111111111111, True, None, 1.5]}
    assert card.redact_json(value) == {
        "cards": [{"<secret>card</secret>": "x"}, "<secret>card</secret>", True, None, 1.5]
    }
    assert value["cards"][1] == 4111111111111111  # a copy: the original is untouched


def test_no_secrets_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    path.write_text(PASSWORD)
    assert Secrets().redact(PASSWORD) == PASSWORD
    assert Secrets().leaks(PASSWORD) == []
    assert not Secrets().redact_file(path)


# Files


def har() -> dict[str, object]:
    """A HAR of a login: a form post, a Bearer header, a session cookie, a JSON answer."""
    answer = json.dumps({"ok": True, "echo": {"password": PASSWORD}, "token": TOKEN})
    return {
        "log": {
            "version": "1.2",
            "creator": {"name": "Playwright", "version": "1.59"},
            "pages": [],
            "entries": [
                {
                    "startedDateTime": "2026-01-01T00:00:00.000Z",
                    "time": 12.5,
                    "request": {
                        "method": "POST",
                        "url": f"http://shop.test/login?next=%2F&api_key={TOKEN}",
                        "headers": [
                            {"name": "Authorization", "value": f"Bearer {TOKEN}"},
                            {"name": "Cookie", "value": f"session={quote(PASSWORD)}"},
                        ],
                        "cookies": [{"name": "session", "value": quote(PASSWORD)}],
                        "queryString": [{"name": "api_key", "value": TOKEN}],
                        "postData": {
                            "mimeType": "application/x-www-form-urlencoded",
                            "text": "email=a%40b.com&password=P%40ss+word%21",
                            "params": [{"name": "password", "value": "P%40ss+word%21"}],
                        },
                        "headersSize": -1,
                        "bodySize": 39,
                    },
                    "response": {
                        "status": 200,
                        "headers": [{"name": "Set-Cookie", "value": f"t={TRICKY}; Path=/"}],
                        "cookies": [{"name": "t", "value": TRICKY}],
                        "content": {
                            "size": len(answer),
                            "mimeType": "application/json",
                            "text": base64.b64encode(answer.encode()).decode(),
                            "encoding": "base64",
                        },
                        "redirectURL": "",
                    },
                }
            ],
        }
    }


def test_redact_file_cleans_a_har_and_keeps_it_valid(tmp_path: Path) -> None:
    path = tmp_path / "run.har"
    original = har()
    path.write_text(json.dumps(original, indent=2))
    assert SECRETS.leaks(path.read_bytes()) == ["pw", "token", "tricky"]

    assert SECRETS.redact_file(path)
    assert SECRETS.leaks(path.read_bytes()) == []
    cleaned = json.loads(path.read_text())
    assert shape(cleaned) == shape(original)
    entry = cleaned["log"]["entries"][0]
    assert entry["request"]["postData"]["text"] == f"email=a%40b.com&password={PW}"
    assert entry["request"]["headers"][0]["value"] == "Bearer <secret>token</secret>"
    content = entry["response"]["content"]
    body = base64.b64decode(content["text"], validate=True)  # still base64
    assert json.loads(body)["echo"]["password"] == PW
    assert content["size"] == len(body)
    assert [p.name for p in tmp_path.iterdir()] == ["run.har"]  # no temporary file left over

    before = path.read_bytes()
    assert not SECRETS.redact_file(path)
    assert path.read_bytes() == before


def test_a_har_body_that_is_the_password_alone_stays_base64(tmp_path: Path) -> None:
    document = har()
    content = document["log"]["entries"][0]["response"]["content"]  # type: ignore[index]
    content["text"] = base64.b64encode(PASSWORD.encode()).decode()
    path = tmp_path / "alone.har"
    path.write_text(json.dumps(document))
    assert SECRETS.redact_file(path)
    text = json.loads(path.read_text())["log"]["entries"][0]["response"]["content"]["text"]
    assert base64.b64decode(text, validate=True) == PW.encode()


def test_redact_tree_cleans_every_kind_of_file_and_reports_the_changed_ones(
    tmp_path: Path,
) -> None:
    (tmp_path / "task-1" / "steps").mkdir(parents=True)
    har_path = tmp_path / "task-1" / "network.har"
    har_path.write_text(json.dumps(har()))
    trajectory = tmp_path / "task-1" / "trajectory.jsonl"
    steps = [
        {"step": 1, "action": f"type [e5] {json.dumps(PASSWORD)}", "url": "http://shop.test/"},
        {"step": 2, "observation": f"[e5] textbox 'Password' value='{TRICKY}'"},
        {"step": 3, "answer": "done"},
    ]
    trajectory.write_text("".join(json.dumps(step) + "\n" for step in steps))
    log = tmp_path / "run.log"
    log.write_text(f"INFO POST /login password={quote_plus(PASSWORD)}\nINFO token {TOKEN}\n")
    screenshot = tmp_path / "task-1" / "steps" / "1.png"
    screenshot.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff" + TOKEN.encode() + os.urandom(64))
    clean = tmp_path / "README.txt"
    clean.write_text("nothing secret here\n")

    changed = SECRETS.redact_tree(tmp_path)

    assert sorted(changed) == sorted([har_path, trajectory, log, screenshot])
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SECRETS.leaks(path.read_bytes()) == [], path
    lines = [json.loads(line) for line in trajectory.read_text().splitlines()]
    assert lines[0]["action"] == f'type [e5] "{PW}"'
    assert lines[1]["observation"] == "[e5] textbox 'Password' value='<secret>tricky</secret>'"
    assert screenshot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n\x00\xff<secret>token</secret>")
    assert clean.read_text() == "nothing secret here\n"
    assert SECRETS.redact_tree(tmp_path) == []


def test_a_file_found_clean_is_checked_again_once_it_changes(tmp_path: Path) -> None:
    """What was checked is remembered by content, not by name: the same bytes are not scanned
    twice, and a file rewritten with a value in it is redacted like any other."""
    path = tmp_path / "trajectory.jsonl"
    first = json.dumps({"step": 1, "thought": "look at the page " * 20}) + "\n"
    path.write_text(first)
    assert not SECRETS.redact_file(path)
    leaking = first + json.dumps({"step": 2, "typed": PASSWORD}) + "\n"  # the same start
    path.write_text(leaking)
    assert SECRETS.redact_file(path)
    assert SECRETS.leaks(path.read_bytes()) == []
    cleaned = path.read_bytes()
    path.write_text(leaking)  # the same leak again
    assert SECRETS.redact_file(path)
    assert path.read_bytes() == cleaned
    assert not SECRETS.redact_file(path)


def test_redact_file_cleans_each_file_of_a_zip_and_keeps_it_a_zip(tmp_path: Path) -> None:
    """A Playwright trace is a zip: its members are compressed, so only opening it finds
    what a page showed or a request sent."""
    path = tmp_path / "trace.zip"
    network = json.dumps({"type": "resource-snapshot", "snapshot": har()["log"]["entries"][0]})
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("trace.network", network + "\n")
        archive.writestr("trace.trace", f'{{"html": "<td>{TOKEN}</td>"}}\n')
        archive.writestr("resources/page.html", f"<b>{html.escape(TRICKY)}</b>".encode())
        archive.writestr("resources/clean.css", "body { color: red }")
    compressed = path.read_bytes()
    assert SECRETS.leaks(compressed) == []  # compressed, the scanner cannot see it

    assert SECRETS.redact_file(path)

    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        contents = {name: archive.read(name) for name in names}
        kinds = {info.filename: info.compress_type for info in archive.infolist()}
    assert names == ["trace.network", "trace.trace", "resources/page.html", "resources/clean.css"]
    assert kinds["trace.network"] == zipfile.ZIP_DEFLATED
    for name, content in contents.items():
        assert SECRETS.leaks(content) == [], name
    assert contents["trace.trace"] == b'{"html": "<td><secret>token</secret></td>"}\n'
    assert contents["resources/page.html"] == b"<b><secret>tricky</secret></b>"
    assert contents["resources/clean.css"] == b"body { color: red }"
    entry = json.loads(contents["trace.network"])["snapshot"]
    assert entry["request"]["headers"][0]["value"] == "Bearer <secret>token</secret>"

    before = path.read_bytes()
    assert not SECRETS.redact_file(path)
    assert path.read_bytes() == before


def test_a_file_that_only_starts_like_a_zip_is_redacted_as_bytes(tmp_path: Path) -> None:
    path = tmp_path / "odd.bin"
    path.write_bytes(b"PK\x03\x04 not really " + PASSWORD.encode())
    assert SECRETS.redact_file(path)
    assert path.read_bytes() == b"PK\x03\x04 not really " + PW.encode()


def test_redact_tree_needs_a_folder(tmp_path: Path) -> None:
    with pytest.raises(SecretError, match="not a folder"):
        SECRETS.redact_tree(tmp_path / "missing")


def test_split_gives_one_value_and_keeps_the_others_secret() -> None:
    secrets = Secrets({"username": "alice-in-wonder", "password": "wonderland-42"})
    username, rest = secrets.split("username")
    assert username == "alice-in-wonder"
    assert rest.names == ("password",)
    with pytest.raises(SecretError, match="unknown secret"):
        rest.split("username")


def test_placeholder_for_a_value_that_is_a_secret() -> None:
    """What a password field holding a credential shows (and nothing for any other value)."""
    secrets = Secrets({"shop_password": "wonderland-42"})
    assert secrets.placeholder_for("wonderland-42") == "<secret>shop_password</secret>"
    assert secrets.placeholder_for("wonderland-4") is None
    assert Secrets().placeholder_for("") is None
