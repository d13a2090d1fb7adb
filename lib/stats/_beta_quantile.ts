/**
 * Private: the beta distribution's quantile function (@stdlib), loaded after the module that
 * keeps it from asking for `--allow-env` (see `_silent_debug.ts`).
 *
 * @module
 */
import "./_silent_debug.ts";
import betaQuantile from "npm:@stdlib/stats-base-dists-beta-quantile@0.2.3";

export { betaQuantile };
