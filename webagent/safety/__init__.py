"""Nothing irreversible without a person's yes; nothing outside the allowed domains; no secret
in what the model reads or what a run writes.

- `risk`: the reversibility classifier (site profile + generic lexicon + the target's form and
  surroundings + the model's flag, OR-ed);
- `gate`: the confirmation policy (`ask`, `deny`, `allow`, or a callable) and the decision log;
- `secrets`: placeholders for credentials, substituted when executing, redacted everywhere.

All pure. The browser layer (`webagent/browser/guard.py`) applies them to every action and
every request, so any way of driving a tab goes through them. The domain allowlist they apply
lives on the ground floor, beside the URLs it reads (`webagent.domains`).
"""

from webagent.safety.gate import (
    Confirmation,
    ConfirmPolicy,
    Decision,
    Gate,
    ask_in_terminal,
)
from webagent.safety.risk import (
    MUTATING,
    FormFacts,
    Risk,
    RiskRules,
    Target,
    assess_action,
)
from webagent.safety.secrets import PLACEHOLDER, SecretError, Secrets

__all__ = [
    "MUTATING",
    "PLACEHOLDER",
    "ConfirmPolicy",
    "Confirmation",
    "Decision",
    "FormFacts",
    "Gate",
    "Risk",
    "RiskRules",
    "SecretError",
    "Secrets",
    "Target",
    "ask_in_terminal",
    "assess_action",
]
