/**
 * The seven formatting steps of the near-miss probe and the normalizer builder. Each is a pure
 * function of one string, defined so that the same step can be written in Python: whitespace is
 * Python's whitespace set (`str.strip()`, `str.split()`, `re`'s `\s`).
 *
 * @module
 */

import { PY_WHITESPACE_CLASS, pyStrip } from "./python_strings.ts";

/** The name of one formatting step. */
export type FormattingStep =
  | "trim"
  | "lowercase"
  | "nfkc"
  | "collapse-whitespace"
  | "strip-trailing-punctuation"
  | "underscores"
  | "strip-quotes";

/**
 * Every formatting step, in the order reports list them (and the order used when all seven are
 * applied together).
 *
 * @example List the steps
 * ```ts
 * import { FORMATTING_STEPS } from "./formatting_steps.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(FORMATTING_STEPS.length, 7);
 * assert.equal(FORMATTING_STEPS[0], "trim");
 * ```
 */
export const FORMATTING_STEPS: readonly FormattingStep[] = [
  "trim",
  "lowercase",
  "nfkc",
  "collapse-whitespace",
  "strip-trailing-punctuation",
  "underscores",
  "strip-quotes",
];

// Every Python whitespace character is one UTF-16 code unit (none is a surrogate), so these
// classes match the same without the `u` flag, and faster.
const WS_RUN = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, "g");
// The runs `collapse-whitespace` changes: two or more whitespace characters, or one that is not a
// space. A text whose whitespace is single spaces has none, and is returned as it is.
const WS_TO_COLLAPSE = new RegExp(
  `[${PY_WHITESPACE_CLASS}]{2,}|[${PY_WHITESPACE_CLASS.replace("\\x1c-\\x20", "\\x1c-\\x1f")}]`,
  "g",
);
const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ["\u201c", "\u201d"],
  ["\u2018", "\u2019"],
];
// Each pair's closing quote by its opening one (all single UTF-16 code units).
const CLOSING_QUOTE = new Map(
  QUOTE_PAIRS.map(([open, close]) => [open.charCodeAt(0), close.charCodeAt(0)]),
);

/**
 * What each formatting step does:
 * - `trim`: remove whitespace at both ends;
 * - `lowercase`: Unicode lowercasing;
 * - `nfkc`: Unicode NFKC normalization (full-width letters, ligatures, non-breaking spaces…);
 * - `collapse-whitespace`: replace every run of whitespace by one space (ends are kept: that is
 *   `trim`'s job);
 * - `strip-trailing-punctuation`: remove one `.` or `!` at the very end;
 * - `underscores`: split into words at whitespace and join them with `_`;
 * - `strip-quotes`: remove one pair of matching outer quotes, straight (`"…"`, `'…'`) or curly
 *   (`“…”`, `‘…’`).
 *
 * @example Apply single steps
 * ```ts
 * import { FORMATTING_FUNCTIONS } from "./formatting_steps.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(FORMATTING_FUNCTIONS["strip-trailing-punctuation"]("Paris!!"), "Paris!");
 * assert.equal(FORMATTING_FUNCTIONS.underscores(" user  name "), "user_name");
 * assert.equal(FORMATTING_FUNCTIONS["strip-quotes"]("“Paris”"), "Paris");
 * assert.equal(FORMATTING_FUNCTIONS.nfkc("Ｐａｒｉｓ"), "Paris");
 * ```
 */
export const FORMATTING_FUNCTIONS: Readonly<Record<FormattingStep, (s: string) => string>> = {
  "trim": (s) => pyStrip(s),
  "lowercase": (s) => s.toLowerCase(),
  "nfkc": (s) => s.normalize("NFKC"),
  "collapse-whitespace": (s) => s.replace(WS_TO_COLLAPSE, " "),
  "strip-trailing-punctuation": (s) => s.slice(0, strippedEnd(s)),
  // pySplit(s).join("_"): the ends stripped, each inner run of whitespace made one `_`.
  "underscores": (s) => pyStrip(s).replace(WS_RUN, "_"),
  "strip-quotes": (s) => outerQuoted(s) ? s.slice(1, -1) : s,
};

/**
 * Where `s` ends once `strip-trailing-punctuation` has been applied: one `.` or `!` at its end is
 * removed, no more. With `from` and `to`, the same for the part `s[from, to)`.
 *
 * @example One mark only
 * ```ts
 * import { strippedEnd } from "./formatting_steps.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(strippedEnd("Paris!!"), 6);
 * assert.equal(strippedEnd("Paris?"), 6);
 * assert.equal(strippedEnd(""), 0);
 * assert.equal(strippedEnd("Paris! ", 0, 6), 5);
 * ```
 */
export function strippedEnd(s: string, from = 0, to: number = s.length): number {
  if (to === from) return to;
  const last = s.charCodeAt(to - 1);
  return last === 0x2e || last === 0x21 ? to - 1 : to;
}

/**
 * True when `s` has a pair of matching outer quotes, which `strip-quotes` removes. With `from` and
 * `to`, the same for the part `s[from, to)`.
 *
 * @example Straight and curly pairs
 * ```ts
 * import { outerQuoted } from "./formatting_steps.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(outerQuoted("“Paris”"), true);
 * assert.equal(outerQuoted("'Paris\""), false);
 * assert.equal(outerQuoted('"'), false);
 * assert.equal(outerQuoted(' "Paris" ', 1, 8), true);
 * ```
 */
export function outerQuoted(s: string, from = 0, to: number = s.length): boolean {
  // The opening quotes differ: only the pair opened by the first character can match.
  if (to - from < 2) return false;
  const close = CLOSING_QUOTE.get(s.charCodeAt(from));
  return close !== undefined && s.charCodeAt(to - 1) === close;
}

/**
 * Apply formatting steps to a string, in the order given.
 *
 * @example Apply all seven steps
 * ```ts
 * import { applySteps, FORMATTING_STEPS } from "./formatting_steps.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(applySteps("  Hello   World.", ["trim", "lowercase", "strip-trailing-punctuation"]), "hello   world");
 * assert.equal(applySteps("'New York'", FORMATTING_STEPS), "new_york");
 * ```
 */
export function applySteps(s: string, steps: readonly FormattingStep[]): string {
  let out = s;
  for (const step of steps) out = FORMATTING_FUNCTIONS[step](out);
  return out;
}
