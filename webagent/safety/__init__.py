"""Nothing irreversible without a person's yes; nothing outside the allowed domains; no secret
in what the model reads or what a run writes.

- `risk`: what the browser and a risk judge exchange (`Target`, `FormFacts`, `Risk`);
- `judge`: the `RiskJudge` protocol a session is told to use, and `CautiousJudge`, the one
  that needs no site knowledge (every change is irreversible); the site-aware judge lives with
  the site profiles (`webagent.sites.risk.SiteJudge`);
- `refused`: `RefusedForms`, which makes sending a refused form another way irreversible too;
- `gate`: the confirmation policy (`ask`, `deny`, `allow`, or a callable) and the decision log;
- `secrets`: placeholders for credentials, substituted when executing, redacted everywhere.

All pure. The browser layer (`webagent/browser/guard.py`) applies them to every action and
every request, so any way of driving a tab goes through them. The domain allowlist they apply
lives on the ground floor, beside the URLs it reads (`webagent.domains`).
"""

from webagent.safety.gate import (
    NOT_ANOTHER_WAY,
    Confirmation,
    ConfirmPolicy,
    Decision,
    Gate,
    PolicyKind,
    ask_in_terminal,
    policy_kind,
)
from webagent.safety.judge import CautiousJudge, RiskJudge
from webagent.safety.refused import RefusedForms
from webagent.safety.risk import MUTATING, FormFacts, Risk, Target
from webagent.safety.secrets import PLACEHOLDER, SecretError, Secrets

__all__ = [
    "MUTATING",
    "NOT_ANOTHER_WAY",
    "PLACEHOLDER",
    "CautiousJudge",
    "ConfirmPolicy",
    "Confirmation",
    "Decision",
    "FormFacts",
    "Gate",
    "PolicyKind",
    "RefusedForms",
    "Risk",
    "RiskJudge",
    "SecretError",
    "Secrets",
    "Target",
    "ask_in_terminal",
    "policy_kind",
]
