"""`webagent run` signing in with a password from a secrets file: the model only ever sees the
placeholder, the browser types the value, and no file the run writes contains it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.controller.scenario import Scenario, Turn, evaluation, step, stop
from webagent.cli import main
from webagent.llm.server import start_model_server
from webagent.safety import Secrets
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser

EMAIL = "emma.lopez@gmail.com"
PASSWORD = "Password.123"  # the demo shop's customer (sites/demo_shop/oracle.json)


def test_a_password_reaches_the_site_and_nothing_else(
    shop: SiteServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shop.reset()
    secrets_file = tmp_path / "secrets.toml"  # the user's input, outside the run's folder
    secrets_file.write_text(f'shop_password = "{PASSWORD}"\n', encoding="utf-8")
    out = tmp_path / "run"

    def type_email(turn: Turn) -> object:
        return step(
            "type", element=turn.id("textbox", "Email"), text=EMAIL, press_enter_after=False
        )

    def type_password(turn: Turn) -> object:
        assert "<secret>shop_password</secret>" in turn.prompt  # told what it may type
        return step(
            "type",
            element=turn.id("textbox", "Password"),
            text="<secret>shop_password</secret>",
            press_enter_after=True,
            **evaluation(True),
        )

    def answer(turn: Turn) -> object:
        assert "Welcome, Emma Lopez!" in turn.prompt  # the value worked: signed in
        return step(
            "stop",
            **evaluation(True, subtask_done=True, task_done=True),
            **stop(["Emma Lopez"]),
        )

    scenario = Scenario(
        [
            ("plan", {"subtasks": ["Sign in", "Read the name on the account"]}),
            ("step", type_email),
            ("step", type_password),
            ("step", answer),
        ]
    )
    with start_model_server(answerer=scenario) as model:
        code = main(
            [
                "run",
                "--url",
                shop.url + "/customer/account/login/",
                "--base-url",
                model.url,
                "--secrets",
                str(secrets_file),
                "--out",
                str(out),
                "--mode",
                "plan-act",
                "--json",
                f"Sign in as {EMAIL} with the password <secret>shop_password</secret> "
                "and tell me whose account it is",
            ]
        )
    printed, logged = capsys.readouterr()
    assert code == 0, printed
    assert json.loads(printed)["answer"]["retrieved_data"] == ["Emma Lopez"]

    secrets = Secrets({"shop_password": PASSWORD})
    # The model never saw it ...
    assert secrets.leaks("\n".join(prompt for _, prompt in scenario.log)) == []
    # ... it went to the site (the sign-in worked above, and the HAR has the POST) ...
    har = json.loads((out / "network.har").read_text(encoding="utf-8"))
    posts = [e for e in har["log"]["entries"] if e["request"]["method"] == "POST"]
    assert any("loginPost" in e["request"]["url"] for e in posts)
    # ... and no file the run wrote, nor its output, holds it in any encoding.
    written = sorted(p for p in out.rglob("*") if p.is_file())
    assert {p.name for p in written} >= {
        "result.json",
        "run.log",
        "network.har",
        "model.cassette.jsonl",
    }
    for path in written:
        assert secrets.leaks(path.read_bytes()) == [], path
    assert secrets.leaks(printed + logged) == []
    assert PASSWORD not in json.dumps(har)
