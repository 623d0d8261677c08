'use strict';
const UNITS = {ms: 1, s: 1000, min: 60000, h: 3600000, d: 86400000};
function duration(text) {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|min|h|d)$/.exec(String(text).trim());
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * UNITS[m[2]];
}
function isLate(deadline, now = Date.now()) { return now > deadline; }
function countdown(deadline, now = Date.now()) { return Math.max(0, deadline - now); }
module.exports = {duration, isLate, countdown};
