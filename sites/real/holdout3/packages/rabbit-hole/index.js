'use strict';
function get(obj, path, fallback) {
  let cur = obj;
  for (const key of String(path).split('.')) {
    if (cur == null || !(key in Object(cur))) return fallback;
    cur = cur[key];
  }
  return cur;
}
function set(obj, path, value) {
  const keys = String(path).split('.');
  let cur = obj;
  for (const key of keys.slice(0, -1)) cur = cur[key] ??= {};
  cur[keys[keys.length - 1]] = value;
  return obj;
}
module.exports = {get, set};
