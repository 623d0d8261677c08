"""Pages as the model reads them: a parsed accessibility tree rendered as compact text.

Pure code: nothing here touches a browser, so all of it is tested on stored snapshots.
"""

from webagent.observation.compose import DEFAULT_VIEWPORT_BUDGET, compose_observation
from webagent.observation.labels import RenderOptions
from webagent.observation.names import is_addressable
from webagent.observation.observation import Element, Observation, PageEvent, TabInfo
from webagent.observation.render import Rendering, render_tree
from webagent.observation.roles import INTERACTIVE_ROLES
from webagent.observation.tokens import count_tokens
from webagent.observation.tree import AriaNode, Box, parse_snapshot

__all__ = [
    "DEFAULT_VIEWPORT_BUDGET",
    "INTERACTIVE_ROLES",
    "AriaNode",
    "Box",
    "Element",
    "Observation",
    "PageEvent",
    "RenderOptions",
    "Rendering",
    "TabInfo",
    "compose_observation",
    "count_tokens",
    "is_addressable",
    "parse_snapshot",
    "render_tree",
]
