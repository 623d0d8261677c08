'use strict';
function score(hoops) { return hoops.filter((h) => h.through && !h.hedgehogWandered).length; }
module.exports = {score};
