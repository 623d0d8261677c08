"""Where to click: a point of the element that is really on top, found before clicking.

Playwright clicks an element's centre and, when another element covers that point, retries
until its timeout. A person clicks whatever part of the button is visible, and sees at once
when none is. `visible_point` does the same in one round trip.
"""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Locator

# Candidate points: the centre, then a 5x5 grid inside the element's box, where the topmost
# element, 3 px around too, is the target or inside it; then a finer 10x10 grid where the point
# alone is. An element broken across lines (a link whose words end one line and start the
# next) is looked for in each of its pieces instead: the box around them is mostly the
# paragraph's other words. The position is relative to the padding box of the box around it
# all, as Playwright's `position` expects.
_POINT_JS = """e => {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return {kind: 'unknown'};
  const root = e.getRootNode();
  const at = (x, y) => (root.elementFromPoint ? root : document).elementFromPoint(x, y);
  const owns = (x, y) => { const hit = at(x, y); return hit && (hit === e || e.contains(hit)); };
  const solid = (x, y) => owns(x, y) && owns(x - 3, y - 3) && owns(x + 3, y + 3)
    && owns(x - 3, y + 3) && owns(x + 3, y - 3);
  const coarse = [[0.5, 0.5]];
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9])
    for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) coarse.push([fx, fy]);
  const fine = [];
  for (let fy = 0.05; fy < 1; fy += 0.1)
    for (let fx = 0.05; fx < 1; fx += 0.1) fine.push([fx, fy]);
  const pieces = Array.from(e.getClientRects()).filter(p => p.width > 0 && p.height > 0);
  const boxes = pieces.length > 1 ? pieces : [r];
  let blocker = null;
  // First a point with room around it; failing that, any uncovered sliver.
  for (const [points, test] of [[coarse, solid], [fine, owns]]) {
    for (const b of boxes) for (const [fx, fy] of points) {
      const x = b.left + b.width * fx, y = b.top + b.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      if (test(x, y))
        return {kind: 'point', x: x - r.left - e.clientLeft, y: y - r.top - e.clientTop,
                centre: b === r && fx === 0.5 && fy === 0.5};
      const hit = at(x, y);
      if (hit && !blocker && !e.contains(hit) && hit !== e)
        blocker = hit.outerHTML.slice(0, hit.outerHTML.indexOf('>') + 1).slice(0, 120);
    }
  }
  return blocker ? {kind: 'covered', blocker} : {kind: 'unknown'};
}"""


@dataclass(frozen=True, slots=True)
class ClickTarget:
    """Where to click: `position` relative to the element (None: let Playwright choose), or
    `blocker`, the element covering all of it."""

    position: tuple[float, float] | None = None
    blocker: str | None = None


def click_target(locator: Locator, timeout_ms: int) -> ClickTarget:
    """Scroll the element into view, then find a point of it that is not covered."""
    locator.scroll_into_view_if_needed(timeout=timeout_ms)
    found = locator.evaluate(_POINT_JS)
    if found["kind"] == "covered":
        # A sticky header or a cookie bar may sit over the edge of the screen where the
        # element landed: bring it to the middle, as a person would scroll, and look again.
        locator.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        found = locator.evaluate(_POINT_JS)
    if found["kind"] == "covered":
        return ClickTarget(blocker=str(found["blocker"]))
    if found["kind"] == "point" and not found["centre"]:
        return ClickTarget(position=(float(found["x"]), float(found["y"])))
    return ClickTarget()
