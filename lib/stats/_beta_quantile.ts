/**
 * Private: the beta distribution's quantile function, from the pinned @stdlib package as bundled
 * into `_quantiles.js` by `tools/bundle_quantiles.ts` (one module instead of ~230 CommonJS ones;
 * `_quantiles_test.ts` holds it to the package).
 *
 * @module
 */
export { betaQuantile } from "./_quantiles.js";
