"""A password written in the task's own text ("sign in ... with password X") is typed into
the site and appears in no request to the model and no file the run writes: the result,
the log, the recording's trajectory, cassette and HAR, its screenshots' folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.controller.scenario import Scenario, Turn, step, stop
from webagent.cli import main
from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.llm.server import start_model_server
from webagent.sites.server import SiteServer

pytestmark = pytest.mark.browser

PASSWORD = "Password.123"  # the demo shop customer's
TASK = (
    "Sign in as emma.lopez@gmail.com with password Password.123, then say whether the "
    "account page greets you."
)


class Bodies:
    """The scenario, keeping every request body as the model server received it."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.bodies: list[str] = []

    def __call__(self, request: ChatRequest) -> ScriptedAnswer:
        self.bodies.append(request.body.model_dump_json())
        return self.scenario(request)


def test_a_password_in_the_task_is_typed_and_written_nowhere(
    shop: SiteServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shop.reset()
    signed_in: list[bool] = []

    def answer(turn: Turn) -> object:
        signed_in.append("Sign Out" in turn.prompt)
        return step("stop", **stop(["yes"]))

    def typing(field: str, text: str, enter: bool) -> Callable[[Turn], object]:
        return lambda turn: step(
            "type", element=turn.id("textbox", field), text=text, press_enter_after=enter
        )

    scenario = Scenario(
        [
            ("step", typing("Email", "emma.lopez@gmail.com", enter=False)),
            ("step", typing("Password", "<secret>task_password</secret>", enter=True)),
            ("step", answer),
        ]
    )
    bodies = Bodies(scenario)
    out, record = tmp_path / "out", tmp_path / "record"
    with start_model_server(answerer=bodies) as server:
        code = main(
            [
                "run",
                TASK,
                "--url",
                shop.url + "/customer/account/login/",
                "--mode",
                "react",
                "--no-plans",
                "--base-url",
                server.url,
                "--out",
                str(out),
                "--record",
                str(record),
            ]
        )
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert signed_in == [True]  # the password was typed, and it worked
    # the model was told the placeholder, never the value
    assert "with password <secret>task_password</secret>, then" in bodies.bodies[0]
    assert not [body for body in bodies.bodies if PASSWORD in body]
    assert PASSWORD not in printed.out + printed.err
    files = [path for folder in (out, record) for path in folder.rglob("*") if path.is_file()]
    names = {path.name for path in files}
    assert {"result.json", "run.log", "trajectory.jsonl", "model.cassette.jsonl"} <= names
    assert "network.har" in names
    for path in files:
        assert PASSWORD.encode() not in path.read_bytes(), path
    meta = json.loads((record / "meta.json").read_text())
    assert meta["task"].startswith("Sign in as emma.lopez@gmail.com with password <secret>")
