'use strict';
function vanish(el, {keep = '.grin', ms = 1200} = {}) {
  for (const child of el.children) {
    if (!child.matches(keep)) {
      child.style.transition = `opacity ${ms}ms`;
      child.style.opacity = '0';
    }
  }
}
module.exports = {vanish};
