// A logger that never logs. @stdlib/math-base-special-gammaincinv (pulled in by the beta quantile
// that verdict uses for Clopper-Pearson bounds) calls `require("debug")` when it loads, and the real
// package reads every environment variable at that moment, which would make every program that
// imports verdict ask for --allow-env. This stand-in keeps the same call shape and does nothing.
"use strict";

function createDebug() {
  function debug() {}
  debug.enabled = false;
  return debug;
}
createDebug.enabled = function () {
  return false;
};
module.exports = createDebug;
