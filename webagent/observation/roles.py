"""ARIA roles grouped by how the renderer treats them.

Playwright's AI snapshot names each node by its ARIA role; these groups decide which nodes
carry an id, which ones get a line of their own, and which ones share a line.
"""

from __future__ import annotations

INTERACTIVE_ROLES = frozenset(
    {
        "button",
        "checkbox",
        "combobox",
        "link",
        "listbox",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "radio",
        "scrollbar",
        "searchbox",
        "slider",
        "spinbutton",
        "switch",
        "tab",
        "textbox",
        "treeitem",
    }
)
CHECKABLE_ROLES = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
TEXT_INPUT_ROLES = frozenset({"textbox", "searchbox", "combobox", "spinbutton", "slider"})
# Containers shown as their own line even without a name: they tell the model where it is.
LANDMARK_ROLES = frozenset(
    {
        "alert",
        "alertdialog",
        "banner",
        "complementary",
        "contentinfo",
        "dialog",
        "form",
        "main",
        "menu",
        "menubar",
        "navigation",
        "search",
        "table",
        "tablist",
        "tabpanel",
        "toolbar",
        "tree",
        "grid",
        "treegrid",
    }
)
# Containers merged into one line when everything inside them fits on it.
MERGEABLE_ROLES = frozenset(
    {
        "generic",
        "paragraph",
        "listitem",
        "cell",
        "gridcell",
        "row",
        "rowheader",
        "columnheader",
        "caption",
        "strong",
        "emphasis",
        "code",
        "term",
        "definition",
        "label",
        "time",
        "mark",
        "deletion",
        "insertion",
        "subscript",
        "superscript",
        "blockquote",
        "status",
        "note",
        "group",
        "figure",
        "text",
    }
)
# Roles laid out inline: they join their neighbours on a line even without geometry.
INLINE_LEVEL_ROLES = INTERACTIVE_ROLES | {
    "text",
    "cell",
    "gridcell",
    "columnheader",
    "rowheader",
    "img",
    "strong",
    "emphasis",
    "code",
    "mark",
    "time",
    "subscript",
    "superscript",
    "insertion",
    "deletion",
    "label",
}
