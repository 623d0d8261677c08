'use strict';
const reverse = (s) => Array.from(String(s)).reverse().join('');
const mirror = (a) => [...a].reverse();
module.exports = {reverse, mirror};
