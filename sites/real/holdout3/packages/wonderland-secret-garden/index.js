'use strict';
module.exports = {door: 'fifteen inches high', key: 'golden'};
