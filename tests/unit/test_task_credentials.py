"""Credentials written in a task's text are taken out before anything reads it: the task
gets a placeholder, the value becomes a secret (typed only by the browser, redacted from
every file), and ordinary sentences about passwords are left alone."""

from __future__ import annotations

import pytest

from webagent.safety import Secrets
from webagent.safety.credentials import hide_credentials


@pytest.mark.parametrize(
    ("task", "hidden", "values"),
    [
        (
            "Sign in as bob (password is hunter2!) and star the repo",
            "Sign in as bob (password is <secret>task_password</secret>) and star the repo",
            {"task_password": "hunter2!"},
        ),
        (
            "Log in as emma.lopez@gmail.com with password Password.123, then open my orders.",
            "Log in as emma.lopez@gmail.com with password <secret>task_password</secret>, "
            "then open my orders.",
            {"task_password": "Password.123"},
        ),
        (
            'The password for bob is "tea time 42"; the API key: sk-abc123XYZ',
            'The password for bob is "<secret>task_password</secret>"; the API key: '
            "<secret>task_api_key</secret>",
            {"task_password": "tea time 42", "task_api_key": "sk-abc123XYZ"},
        ),
        (
            "Change my password to N3w-Pass; my old password: Password.123.",
            "Change my password to <secret>task_password</secret>; my old password: "
            "<secret>task_password_2</secret>.",
            {"task_password": "N3w-Pass", "task_password_2": "Password.123"},
        ),
        (
            "Set a PIN of 4821 for the card",
            "Set a PIN of <secret>task_pin</secret> for the card",
            {"task_pin": "4821"},
        ),
    ],
)
def test_a_credential_in_the_text_becomes_a_placeholder_and_a_secret(
    task: str, hidden: str, values: dict[str, str]
) -> None:
    found, secrets = hide_credentials(task, Secrets())
    assert found == hidden
    assert secrets.names == tuple(sorted(values))
    for name, value in values.items():
        assert secrets.redact(f"typed {value}") == f"typed <secret>{name}</secret>"


@pytest.mark.parametrize(
    "task",
    [
        "Sign in as alice (the password is the secret password) and change the priority.",
        "Reset the password for bob.",
        "Open the password manager settings",
        "Why did my token expire?",
        "Sign in with password <secret>shop_password</secret> and buy nothing",
        "Set the PIN to 12",  # too short to be a secret: left to the person
    ],
)
def test_sentences_about_credentials_that_give_none_are_left_alone(task: str) -> None:
    found, secrets = hide_credentials(task, Secrets())
    assert found == task
    assert not secrets.names


def test_a_name_already_taken_gets_a_number_and_other_secrets_stay() -> None:
    given = Secrets({"task_password": "from-the-file"})
    task, secrets = hide_credentials("the password is Tea-for-2", given)
    assert task == "the password is <secret>task_password_2</secret>"
    assert secrets.names == ("task_password", "task_password_2")
