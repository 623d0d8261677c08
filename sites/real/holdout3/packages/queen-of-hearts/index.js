'use strict';
const {get} = require('rabbit-hole');
function offWithTheirHeads(record, schema) {
  const out = {};
  for (const [path, type] of Object.entries(schema)) {
    const v = get(record, path);
    if (typeof v === type) out[path] = v;
  }
  return out;
}
module.exports = {offWithTheirHeads};
