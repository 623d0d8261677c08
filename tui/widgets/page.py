"""The page the agent is on: site, LASER state, URL and title."""

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
        how = f" ({page.decided})" if page.decided else ""
        self.update(
            Text.assemble(
                (page.site or "site?", "bold"),
                " · ",
                (state, "bold magenta"),
                (how, "dim"),
                "\n",
                (page.title or "(no title)", "italic"),
                "\n",
                (page.url, "underline cyan"),
            )
        )
