'use strict';
const {duration} = require('pocket-watch');
function rotate(seats, moves = 1) {
  const n = seats.length;
  return seats.map((_, i) => seats[(i + moves) % n]);
}
function nextCleanCup(cups, used) { return cups.find((c) => !used.has(c)) ?? null; }
module.exports = {rotate, nextCleanCup, interval: duration('6 h')};
