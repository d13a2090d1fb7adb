/**
 * Numbers formatted for people, the same way in every report: counts with their plural, rates as
 * percentages with one decimal beside their counts, scores to three or four significant digits,
 * and BLEU-style metrics on sacreBLEU's 0–100 scale with their signature in front.
 *
 * These are views: JSON data and scored files keep the numbers as they are (fractions).
 *
 * @module
 */

/**
 * A whole number with thousands separators; other numbers as {@linkcode formatScore} writes them.
 *
 * @example Counts
 * ```ts
 * import { formatCount } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatCount(1234567), "1,234,567");
 * assert.equal(formatCount(40), "40");
 * ```
 */
export function formatCount(value: number): string {
  if (!Number.isInteger(value)) return formatScore(value);
  // A safe whole number other than -0 is its digits grouped by threes, as en-US formats it; the
  // first Intl formatter of a process loads ICU's number data (~20 ms of CPU), which a text report
  // or a help text would otherwise pay for this alone.
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const digits = String(Math.abs(value));
    let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
    for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
    return value < 0 ? `-${out}` : out;
  }
  return COUNTS().format(value);
}

// One formatter for the other whole numbers (beyond 2^53, and -0): toLocaleString builds a new one
// per call. Made on first use.
let counts: Intl.NumberFormat | undefined;
const COUNTS = (): Intl.NumberFormat => counts ??= new Intl.NumberFormat("en-US");

/**
 * A count with its noun, singular for exactly one: `1 row`, `2 rows`, `0 rows`. Give the plural
 * when it is not the singular plus "s".
 *
 * @example Rows and cases
 * ```ts
 * import { plural } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(plural(1, "row"), "1 row");
 * assert.equal(plural(1200, "row"), "1,200 rows");
 * assert.equal(plural(2, "near miss", "near misses"), "2 near misses");
 * ```
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A proportion as a percentage with one decimal (`0.7381` → `73.8%`); `n/a` when it is undefined
 * (NaN).
 *
 * @example Percentages
 * ```ts
 * import { formatPercent } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatPercent(31 / 42), "73.8%");
 * assert.equal(formatPercent(1), "100.0%");
 * assert.equal(formatPercent(NaN), "n/a");
 * ```
 */
export function formatPercent(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return "n/a";
  return `${(value * 100).toFixed(decimals)}%`;
}

/**
 * A rate with its counts beside it: `72.5% (29/40)`. With no trials the rate is undefined:
 * `n/a (0/0)`.
 *
 * @example A pass rate
 * ```ts
 * import { formatRate } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatRate(29, 40), "72.5% (29/40)");
 * assert.equal(formatRate(0, 0), "n/a (0/0)");
 * ```
 */
export function formatRate(successes: number, trials: number): string {
  const rate = trials > 0 ? successes / trials : NaN;
  return `${formatPercent(rate)} (${formatCount(successes)}/${formatCount(trials)})`;
}

/**
 * A score for people, to three or four significant digits: three decimals from 0.01 to 1
 * (`0.750`, `1.000`, `0.000`, `0.050`, so that the bounds of an interval read alike), three
 * significant digits below 0.01 (`0.00123`), four from 1 to 1000 (`12.35`, `523.4`) and whole
 * numbers with separators above (`12,346`). NaN is `n/a`.
 *
 * @example Scores in one column read alike
 * ```ts
 * import { formatScore } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([1, 0.75, 0, 0.27516060407455223].map((x) => formatScore(x)), [
 *   "1.000", "0.750", "0.000", "0.275",
 * ]);
 * assert.equal(formatScore(0.05), "0.050");
 * assert.equal(formatScore(0.00123), "0.00123");
 * assert.equal(formatScore(523.41), "523.4");
 * assert.equal(formatScore(NaN), "n/a");
 * ```
 */
export function formatScore(value: number): string {
  if (Number.isNaN(value)) return "n/a";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "-∞";
  const size = Math.abs(value);
  if (size === 0) return "0.000";
  if (size >= 999.95) return COUNTS().format(Math.round(value));
  if (size >= 0.9995) return value.toPrecision(4);
  if (size >= 0.0095) return value.toFixed(3);
  if (size >= 1e-6) return value.toPrecision(3);
  return value.toExponential(2);
}

/**
 * A fraction shown on sacreBLEU's 0–100 scale with two decimals (`0.37986` → `37.99`), as
 * sacreBLEU prints BLEU, chrF and TER. NaN is `n/a`.
 *
 * @example BLEU as sacreBLEU shows it
 * ```ts
 * import { formatHundred } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatHundred(0.37986), "37.99");
 * assert.equal(formatHundred(0.5), "50.00");
 * ```
 */
export function formatHundred(fraction: number, decimals = 2): string {
  if (!Number.isFinite(fraction)) return "n/a";
  return (fraction * 100).toFixed(decimals);
}

/**
 * A metric figure with its signature in front, as sacreBLEU writes it: `NAME|SIGNATURE = 37.99`
 * (on the 0–100 scale; the fraction stays in the JSON data).
 *
 * @example Corpus BLEU with its settings
 * ```ts
 * import { signedFigure } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(
 *   signedFigure("BLEU", "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0", 0.37986),
 *   "BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 37.99",
 * );
 * ```
 */
export function signedFigure(name: string, signature: string, fraction: number): string {
  return `${name}${signature ? `|${signature}` : ""} = ${formatHundred(fraction)}`;
}

/**
 * A confidence level as a percentage: `0.95` → `95%`, `0.999` → `99.9%`.
 *
 * @example Levels
 * ```ts
 * import { formatConfidence } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatConfidence(0.95), "95%");
 * assert.equal(formatConfidence(0.995), "99.5%");
 * ```
 */
export function formatConfidence(confidence: number): string {
  return `${Number((confidence * 100).toPrecision(10))}%`;
}
