"""The page the agent is on: site, LASER state (how it was decided, how sure, on what
evidence), whether the session is signed in, URL and title."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from webagent.controller import events as ev


class PagePanel(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(Text("no page yet", "dim"), id=id)
        self.page: ev.PageSeen | None = None

    def show(self, page: ev.PageSeen) -> None:
        self.page = page
        state = page.state or "no state"
        how = f" ({page.decided}"
        how += f", {page.confidence} confidence)" if page.confidence else ")"
        signed = {True: "signed in", False: "signed out", None: ""}[page.signed_in]
        evidence = "; ".join(page.evidence) if page.evidence else ""
        if page.confidence == "low":
            evidence = "no rule held: a guess that only advises"
        self.update(
            Text.assemble(
                (page.site or "site?", "bold"),
                " · ",
                (state, "bold magenta"),
                (how if page.decided else "", "dim"),
                (f" · {signed}" if signed else "", "green"),
                "\n",
                (page.title or "(no title)", "italic"),
                "\n",
                (page.url, "underline cyan"),
                ("\n" + evidence if evidence else "", "dim"),
            )
        )
