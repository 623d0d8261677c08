"""Recognition rules of a site profile's states, as data: what a page must show (landmarks:
nodes by role and name, text), how much content it holds, its URL and status; `Match`
combines them (see `webagent.sites.match` for checking them against a page).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from webagent.observation.roles import ARIA_ROLES


def _regex(pattern: str) -> str:
    try:
        re.compile(pattern)
    except re.error as error:
        raise ValueError(f"not a regular expression: {pattern!r} ({error})") from None
    return pattern


def _role(role: str) -> str:
    if role not in ARIA_ROLES:
        close = sorted(r for r in ARIA_ROLES if r.startswith(role[:3]))
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise ValueError(f"unknown ARIA role {role!r}{hint}")
    return role


Regex = Annotated[str, AfterValidator(_regex)]
Role = Annotated[str, AfterValidator(_role)]


class Strict(BaseModel):
    """Unknown keys are mistakes (a misspelt `instructions` must not be ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Landmark(Strict):
    """Something on the page: a node with this role and/or a name matching `name`, or page
    text matching `text`. `min` asks for at least that many such nodes."""

    role: Role | None = None
    name: Regex | None = None
    text: Regex | None = None
    min: int = Field(default=1, ge=1)
    within: Literal["page", "content"] = "page"
    """Where to look: the whole page, or only its content (its `main` landmark when it has
    one, else all but navigation, banners, footers and sidebars): a search box in a site's
    header is not what the page is about. Text in the content is also looked for in the
    page's status and alert messages wherever they sit (a flash "Saved." beside `main`)."""

    @model_validator(mode="after")
    def _something(self) -> Landmark:
        if self.role is None and self.name is None and self.text is None:
            raise ValueError("a landmark needs a role, a name or a text pattern")
        if self.text is not None and (self.role is not None or self.name is not None):
            raise ValueError("a text landmark takes no role or name (use two landmarks)")
        return self

    @cached_property
    def name_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.name, re.IGNORECASE) if self.name is not None else None

    @cached_property
    def text_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.text, re.IGNORECASE) if self.text is not None else None

    def describe(self) -> str:
        if self.text is not None:
            return f"text /{self.text}/"
        parts = [self.role or "any role"]
        if self.name is not None:
            parts.append(f"/{self.name}/")
        if self.min > 1:
            parts.append(f"x{self.min}+")
        if self.within == "content":
            parts.append("in the content")
        return " ".join(parts)


class Content(Strict):
    """How much the page's content holds, and how much of it is links: the page's `main`
    landmark when it has one, else everything outside navigation, banners, footers and
    sidebars. `words` counts words outside links; `link_share` is the share of all words
    that are in links (an index page is mostly links, an article mostly not); `prose` counts
    words in paragraphs; `items` are its repeated entries (the most siblings of one kind that
    each hold a link and a few words: list entries, table rows, cards)."""

    words_min: int | None = Field(default=None, ge=0)
    words_max: int | None = Field(default=None, ge=0)
    link_share_min: float | None = Field(default=None, ge=0, le=1)
    link_share_max: float | None = Field(default=None, ge=0, le=1)
    prose_min: int | None = Field(default=None, ge=0)
    """Words in paragraphs (running text, not table cells, list items or labels)."""
    prose_max: int | None = Field(default=None, ge=0)
    items_min: int | None = Field(default=None, ge=0)
    """Items of one kind side by side, each holding a link (list entries, table rows, cards)."""
    item_share_min: float | None = Field(default=None, ge=0, le=1)
    """The least share of the content's words inside those items."""
    item_share_max: float | None = Field(default=None, ge=0, le=1)
    """The most share of the content's words inside those items (not a list of entries)."""
    records_min: int | None = Field(default=None, ge=0)
    """Rows of facts under one data table's header row (a table of records)."""
    records_max: int | None = Field(default=None, ge=0)
    entries_min: int | None = Field(default=None, ge=0)
    """List entries and table rows that each hold a link to another page (not the points
    of a text's list, which hold none)."""
    headed_min: int | None = Field(default=None, ge=0)
    """Linked titles side by side: headings of one level that are links to other pages (a
    blog's index of posts)."""
    posts_min: int | None = Field(default=None, ge=0)
    """Posts of one thread side by side, by two people or more: each with its author's link
    and its prose, no linked title (a forum's topic, a question and its answers)."""
    facts_min: int | None = Field(default=None, ge=0)
    """Properties shown with their values ("Status: open", "Created:" beside a date), more
    of them than fields to fill in: one item's facts."""

    def describe(self) -> str:
        parts = []
        if self.prose_min is not None:
            parts.append(f">= {self.prose_min} words of prose")
        if self.prose_max is not None:
            parts.append(f"<= {self.prose_max} words of prose")
        if self.words_min is not None:
            parts.append(f">= {self.words_min} words")
        if self.words_max is not None:
            parts.append(f"<= {self.words_max} words")
        if self.link_share_min is not None:
            parts.append(f">= {self.link_share_min:.0%} links")
        if self.link_share_max is not None:
            parts.append(f"<= {self.link_share_max:.0%} links")
        if self.items_min is not None:
            parts.append(f">= {self.items_min} linked items")
        if self.item_share_min is not None:
            parts.append(f">= {self.item_share_min:.0%} of words in them")
        if self.records_min is not None:
            parts.append(f">= {self.records_min} rows of a data table")
        if self.records_max is not None:
            parts.append(f"<= {self.records_max} rows of a data table")
        if self.item_share_max is not None:
            parts.append(f"<= {self.item_share_max:.0%} of words in linked items")
        if self.entries_min is not None:
            parts.append(f">= {self.entries_min} list entries or rows with links")
        if self.headed_min is not None:
            parts.append(f">= {self.headed_min} linked titles")
        if self.posts_min is not None:
            parts.append(f">= {self.posts_min} posts of a thread")
        if self.facts_min is not None:
            parts.append(f">= {self.facts_min} facts shown, more than fields")
        return "content " + ", ".join(parts)


class Match(Strict):
    """Recognition rules; every rule given must hold. `url` patterns are searched in the
    URL's path, query and fragment (the host differs between deployments); one must match.
    `all` landmarks must all be present, at least one of `any`, none of `none`. `either`
    holds alternative rule sets, one of which must hold too (e.g. a site recognised by its
    URL or by its logo); `unless` holds rule sets none of which may hold."""

    url: list[Regex] = []
    url_not: list[Regex] = []
    status: Regex | None = None
    """A pattern the HTTP status of the page's document must match (`'^[45]'`: an error
    status); it never holds on a page whose status is unknown."""
    content: Content | None = None
    """How much content the page has and how much of it is links."""
    query_shown: bool = False
    """A text field on the page holds a value of the URL's query (a search's query shown
    back in its box)."""
    all: list[Landmark] = []
    any: list[Landmark] = []
    none: list[Landmark] = []
    either: list[Match] = []
    unless: list[Match] = []
    """Rule sets any one of which, holding whole, rules the page out (a combination that
    `none`, one landmark at a time, cannot say: one record's facts with a single box)."""

    @property
    def empty(self) -> bool:
        return not (self.has_url or self.has_page or self.none)

    @property
    def has_url(self) -> bool:
        """Whether there are URL rules."""
        return bool(self.url or self.url_not)

    @property
    def has_page(self) -> bool:
        """Whether there is positive evidence to find in the page itself (a status, nodes,
        text): `none` alone only rules pages out."""
        return bool(
            self.status or self.query_shown or self.content or self.all or self.any or self.either
        )

    @cached_property
    def url_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p, re.IGNORECASE) for p in self.url)

    @cached_property
    def url_not_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(p, re.IGNORECASE) for p in self.url_not)

    @cached_property
    def status_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.status) if self.status is not None else None
