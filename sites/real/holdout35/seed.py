"""Seed the MLflow of sites/real/holdout35 through its own Python client (and the REST API of
its basic-auth app for the user), against a server `setup` started on a seed port:

    python seed.py http://127.0.0.1:18117

The basic-auth app's administrator (`admin`, with a throwaway password `setup` made at random
and put in basic_auth.ini) makes alice, with $WEBAGENT_REAL_PASSWORD (read from the
environment, never written to a file), and makes her an administrator; everything else is
made by alice through the MLflow client.

What it makes (the capture script relies on the names; run ids are random and looked up):
  experiment "Tea Party Classifier"    four runs (one deleted), params, stepped metrics, tags,
                                       artifacts (a notes file, a confusion matrix, a model)
  experiment "Croquet Ball Trajectories" three runs
  experiment "Looking-Glass Chess"     no runs
  registered model "tea-party-classifier" with two versions (version 2 tagged, aliased)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import requests

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:18117"
PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
ADMIN_PASSWORD = os.environ["MLFLOW_ADMIN_PASSWORD"]


def make_alice() -> None:
    admin = ("admin", ADMIN_PASSWORD)
    r = requests.post(BASE + "/api/2.0/mlflow/users/create",
                      json={"username": "alice", "password": PASSWORD}, auth=admin)
    if r.status_code not in (200, 201) and "already exists" not in r.text.lower():
        sys.exit(f"seed: could not make alice: {r.status_code} {r.text[:200]}")
    r = requests.patch(BASE + "/api/2.0/mlflow/users/update-admin",
                       json={"username": "alice", "is_admin": True}, auth=admin)
    r.raise_for_status()


make_alice()
os.environ["MLFLOW_TRACKING_USERNAME"] = "alice"
os.environ["MLFLOW_TRACKING_PASSWORD"] = PASSWORD

import mlflow  # noqa: E402
from mlflow import MlflowClient  # noqa: E402

mlflow.set_tracking_uri(BASE)
client = MlflowClient()
tmp = Path(tempfile.mkdtemp())


def experiment(name: str, note: str, **tags: str) -> str:
    eid = client.create_experiment(name, tags={"mlflow.note.content": note, **tags})
    return eid


def run(eid: str, name: str, params: dict, metrics: dict, tags: dict,
        artifacts: dict | None = None, model: bool = False) -> str:
    with mlflow.start_run(experiment_id=eid, run_name=name) as r:
        mlflow.log_params(params)
        for key, values in metrics.items():
            for step, value in enumerate(values):
                mlflow.log_metric(key, value, step=step)
        mlflow.set_tags(tags)
        for fname, text in (artifacts or {}).items():
            p = tmp / r.info.run_id / fname
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
            mlflow.log_artifact(str(p), artifact_path=str(Path(fname).parent) if "/" in fname else None)
        if model:
            d = tmp / r.info.run_id / "model"
            d.mkdir(parents=True, exist_ok=True)
            (d / "MLmodel").write_text(
                "artifact_path: model\nflavors:\n  python_function:\n"
                "    loader_module: tea_party\n    python_version: 3.11.7\n")
            (d / "requirements.txt").write_text("scikit-learn==1.5.2\n")
            mlflow.log_artifacts(str(d), artifact_path="model")
        return r.info.run_id


tea = experiment("Tea Party Classifier",
                 "Classifies remarks at the Mad Tea-Party as rude or civil.",
                 team="hatters")
croquet = experiment("Croquet Ball Trajectories",
                     "Predicts where a hedgehog rolls when struck by a flamingo.",
                     team="queens-garden")
experiment("Looking-Glass Chess", "Moves of the red and white pieces, not started yet.")

runs = {}
runs["dormouse"] = run(tea, "sleepy-dormouse",
                       {"model": "logistic_regression", "C": "0.5", "max_iter": "200"},
                       {"accuracy": [0.61, 0.70, 0.74, 0.77], "loss": [0.92, 0.71, 0.60, 0.55]},
                       {"stage": "baseline", "author": "alice"},
                       {"notes.txt": "Baseline on 240 remarks; the Dormouse fell asleep.\n"},
                       model=True)
runs["hatter"] = run(tea, "mad-hatter",
                     {"model": "random_forest", "n_estimators": "120", "max_depth": "8"},
                     {"accuracy": [0.66, 0.75, 0.81, 0.84, 0.86], "loss": [0.85, 0.62, 0.48, 0.41, 0.37]},
                     {"stage": "candidate", "author": "alice"},
                     {"notes.txt": "Why is a raven like a writing-desk?\n",
                      "plots/confusion_matrix.json": json.dumps({"rude": [41, 7], "civil": [5, 67]})},
                     model=True)
runs["hare"] = run(tea, "march-hare",
                   {"model": "random_forest", "n_estimators": "60", "max_depth": "4"},
                   {"accuracy": [0.58, 0.69, 0.72], "loss": [1.01, 0.80, 0.70]},
                   {"stage": "candidate", "author": "hatter"})
runs["spilt"] = run(tea, "spilt-milk",
                    {"model": "svm", "kernel": "rbf"},
                    {"accuracy": [0.40, 0.41]},
                    {"stage": "abandoned"})
client.delete_run(runs["spilt"])

for name, speed, dev in [("flamingo-swing", "3.2", [1.8, 1.2, 0.9, 0.7]),
                         ("hedgehog-roll", "2.1", [2.4, 1.9, 1.6]),
                         ("queens-decree", "4.0", [3.0, 2.2, 1.1, 0.6, 0.4])]:
    runs[name] = run(croquet, name, {"swing_speed": speed, "lawn": "wet"},
                     {"deviation_m": dev, "hits": [float(i * 2) for i in range(len(dev))]},
                     {"player": "queen" if name == "queens-decree" else "alice"},
                     {"trajectory.csv": "t,x,y\n0,0,0\n1,1.2,0.4\n2,2.3,0.7\n"})

client.create_registered_model("tea-party-classifier",
                               tags={"domain": "wonderland"},
                               description="Tells rude remarks from civil ones at the tea party.")
v1 = client.create_model_version("tea-party-classifier", f"runs:/{runs['dormouse']}/model",
                                 run_id=runs["dormouse"], description="The baseline.")
v2 = client.create_model_version("tea-party-classifier", f"runs:/{runs['hatter']}/model",
                                 run_id=runs["hatter"], tags={"validated": "true"},
                                 description="Random forest, 0.86 accuracy.")
client.set_registered_model_alias("tea-party-classifier", "champion", v2.version)
print("seeded:", json.dumps(runs))
