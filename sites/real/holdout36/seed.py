"""Seed the Buildbot of sites/real/holdout36 against a master `setup` started on a seed port,
with its worker connected:

    python seed.py http://127.0.0.1:18118 127.0.0.1:19118

Three changes to branch main are sent with `buildbot sendchange` (Buildbot's own tool, through
the master's PBChangeSource; its password, $BB_CHANGE_PASSWORD, was made at random by setup);
each starts tea-party-quick (passes) and croquet-tests (fails). Then alice signs in to the web
UI's UserPasswordAuth (/auth/login, HTTP basic, $WEBAGENT_REAL_PASSWORD from the environment,
never written to a file) and forces builds through the REST API's JSON-RPC, as the UI's Force
dialog does: mock-turtle-docs twice (passes with a warning) and tea-party-quick once with a
chipped teacup. looking-glass-nightly is never run. It waits until every build is finished.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import requests

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:18118"
PB = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1:19118"
PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
BUILDBOT = str(Path(sys.executable).with_name("buildbot"))

CHANGES = [
    ("Mad Hatter <hatter@wonderland.example>", "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
     "Move everyone one place on round the table", ["table.py", "cups/clean.py"]),
    ("March Hare <hare@wonderland.example>", "b2c3d4e5f60718293a4b5c6d7e8f901234567890",
     "Use the best butter in the watch", ["watch/butter.py"]),
    ("Dormouse <dormouse@wonderland.example>", "c3d4e5f60718293a4b5c6d7e8f90123456789012",
     "Tell the story of the three little sisters in the treacle well", ["story/treacle.py",
                                                                       "README"]),
]


def builds() -> list[dict]:
    return requests.get(BASE + "/api/v2/builds").json()["builds"]


def wait_idle(expected: int) -> None:
    for _ in range(240):
        found = builds()
        pending = requests.get(BASE + "/api/v2/buildrequests?complete=false").json()
        if len(found) >= expected and all(b["complete"] for b in found) \
                and not pending["buildrequests"]:
            return
        time.sleep(1)
    sys.exit(f"seed: builds did not finish: {len(builds())} of {expected}")


for n, (who, rev, comments, files) in enumerate(CHANGES):
    subprocess.run([BUILDBOT, "sendchange", "--master", PB,
                    "--auth", "sendchange:" + os.environ["BB_CHANGE_PASSWORD"],
                    "--who", who, "--branch", "main", "--revision", rev,
                    "--repository", "https://git.wonderland.example/tea-party.git",
                    "--project", "tea-party", "--comments", comments, "--vc", "git", *files],
                   check=True, stdout=subprocess.DEVNULL)
    wait_idle(2 * (n + 1))

alice = requests.Session()
r = alice.get(BASE + "/auth/login", auth=("alice", PASSWORD))
r.raise_for_status()

ids = {b["name"]: b["builderid"] for b in requests.get(BASE + "/api/v2/builders").json()["builders"]}


def force(builder: str, reason: str, teacup: str = "clean") -> None:
    answer = alice.post(BASE + "/api/v2/forceschedulers/force", json={
        "jsonrpc": "2.0", "method": "force", "id": 1,
        "params": {"builderid": str(ids[builder]), "reason": reason, "teacup": teacup}})
    body = answer.json()
    if answer.status_code != 200 or "error" in body:
        sys.exit(f"seed: force {builder}: {answer.status_code} {body}")


force("mock-turtle-docs", "lessons for the Gryphon")
wait_idle(7)
force("mock-turtle-docs", "ten hours the first day")
wait_idle(8)
force("tea-party-quick", "a clean cup, move on", teacup="chipped")
wait_idle(9)
print("seed:", len(builds()), "builds,",
      sum(b["results"] == 2 for b in builds()), "failed")
