/**
 * The normalizer builder: compose a pipeline from the seven formatting steps and export it as
 * TypeScript or Python source that behaves exactly like verdict's own steps, so a harness can
 * normalize outputs the same way before it grades them.
 *
 * Whitespace means Python's whitespace set (`str.isspace()`) in both languages: the Python source
 * uses `str.strip()`, `str.split()` and an explicit character class; the TypeScript source uses
 * the same class, because JavaScript's `\s` is a different set.
 *
 * @module
 */
import {
  applySteps,
  FORMATTING_STEPS,
  type FormattingStep,
  PY_WHITESPACE_CLASS,
} from "../text/mod.ts";
import { VERDICT_VERSION } from "./_version.ts";
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** A language the normalizer exports to. */
export type NormalizerLanguage = "typescript" | "python";

/** Options of {@link exportNormalizer}. */
export interface ExportNormalizerOptions {
  /** The function's name (default `normalize`); letters, digits and `_`, not starting with a digit. */
  name?: string;
}

const QUOTES: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ["\u201c", "\u201d"],
  ["\u2018", "\u2019"],
];

// Words that cannot name a function in one of the two languages.
const RESERVED = new Set(
  ("False None True and as assert async await break case catch class const continue debugger def " +
    "default del delete do elif else enum except export extends finally for from function global " +
    "if import in instanceof is lambda let new nonlocal not null or pass raise return super switch " +
    "this throw try typeof var void while with yield").split(" "),
);

function checkSteps(steps: readonly string[]): FormattingStep[] {
  if (!Array.isArray(steps)) {
    throw new UserTypeError("A normalizer needs a list of formatting steps");
  }
  for (const step of steps) {
    if (!(FORMATTING_STEPS as readonly string[]).includes(step)) {
      throw new UserRangeError(
        `Unknown formatting step "${step}": choose from ${FORMATTING_STEPS.join(", ")}`,
      );
    }
  }
  return [...steps] as FormattingStep[];
}

/**
 * A normalizer function from formatting steps, applied in the order given (repeats allowed).
 *
 * @example Trim, lowercase, then join the words with underscores
 * ```ts
 * import { composeNormalizer } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const normalize = composeNormalizer(["trim", "lowercase", "underscores"]);
 * assert.equal(normalize("  Store Credit\u00a0"), "store_credit");
 * assert.throws(() => composeNormalizer(["trim", "stem" as never]), RangeError);
 * ```
 */
export function composeNormalizer(steps: readonly FormattingStep[]): (text: string) => string {
  const checked = checkSteps(steps);
  return (text) => applySteps(text, checked);
}

const TS_LINES: Record<FormattingStep, string> = {
  "trim": `s = s.replace(WS_EDGES, "");`,
  "lowercase": `s = s.toLowerCase();`,
  "nfkc": `s = s.normalize("NFKC");`,
  "collapse-whitespace": `s = s.replace(WS_RUN, " ");`,
  "strip-trailing-punctuation": `if (s.endsWith(".") || s.endsWith("!")) s = s.slice(0, -1);`,
  "underscores": `s = s.split(WS_RUN).filter((word) => word !== "").join("_");`,
  "strip-quotes": `s = stripQuotes(s);`,
};

const PY_LINES: Record<FormattingStep, string> = {
  "trim": `s = s.strip()`,
  "lowercase": `s = s.lower()`,
  "nfkc": `s = unicodedata.normalize("NFKC", s)`,
  "collapse-whitespace": `s = _WS_RUN.sub(" ", s)`,
  "strip-trailing-punctuation": `if s.endswith((".", "!")):\n        s = s[:-1]`,
  "underscores": `s = "_".join(s.split())`,
  "strip-quotes": `s = _strip_quotes(s)`,
};

function header(steps: readonly FormattingStep[], comment: string): string[] {
  const order = steps.length === 0 ? "none (the text is returned unchanged)" : steps.join(" → ");
  return [
    `${comment} A text normalizer exported by verdict ${VERDICT_VERSION}.`,
    `${comment} Steps, in order: ${order}.`,
    `${comment} Whitespace is Python's whitespace set (str.isspace), in both exported languages.`,
  ];
}

function typescript(steps: FormattingStep[], name: string): string {
  const uses = (s: FormattingStep) => steps.includes(s);
  const lines = header(steps, "//");
  if (uses("trim") || uses("collapse-whitespace") || uses("underscores")) {
    lines.push(`const WHITESPACE = ${JSON.stringify(PY_WHITESPACE_CLASS)};`);
  }
  if (uses("trim")) {
    lines.push('const WS_EDGES = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, "gu");');
  }
  if (uses("collapse-whitespace") || uses("underscores")) {
    lines.push('const WS_RUN = new RegExp(`[${WHITESPACE}]+`, "gu");');
  }
  if (uses("strip-quotes")) {
    lines.push(
      `const QUOTE_PAIRS: readonly (readonly [string, string])[] = ${JSON.stringify(QUOTES)};`,
      "",
      "function stripQuotes(s: string): string {",
      "  for (const [open, close] of QUOTE_PAIRS) {",
      "    if (s.length >= 2 && s.startsWith(open) && s.endsWith(close)) return s.slice(1, -1);",
      "  }",
      "  return s;",
      "}",
    );
  }
  lines.push("", `export function ${name}(text: string): string {`, "  let s = text;");
  for (const step of steps) lines.push(`  ${TS_LINES[step]} // ${step}`);
  lines.push("  return s;", "}", "");
  return lines.join("\n");
}

function pyString(s: string): string {
  // JSON escapes (\", \\, \uXXXX) mean the same in a Python string literal.
  return JSON.stringify(s).replace(/[\u0080-\u{10ffff}]/gu, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff
      ? `\\U${code.toString(16).padStart(8, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

function python(steps: FormattingStep[], name: string): string {
  const uses = (s: FormattingStep) => steps.includes(s);
  const lines = header(steps, "#");
  const imports = [];
  if (uses("collapse-whitespace")) imports.push("import re");
  if (uses("nfkc")) imports.push("import unicodedata");
  if (imports.length > 0) lines.push("");
  for (const line of imports) lines.push(line);
  if (uses("collapse-whitespace")) {
    lines.push("", `_WS_RUN = re.compile(r"[${PY_WHITESPACE_CLASS}]+")`);
  }
  if (uses("strip-quotes")) {
    const pairs = QUOTES.map(([o, c]) => `(${pyString(o)}, ${pyString(c)})`).join(", ");
    lines.push(
      "",
      `_QUOTE_PAIRS = (${pairs})`,
      "",
      "",
      "def _strip_quotes(s: str) -> str:",
      "    for opening, closing in _QUOTE_PAIRS:",
      "        if len(s) >= 2 and s.startswith(opening) and s.endswith(closing):",
      "            return s[1:-1]",
      "    return s",
    );
  }
  lines.push("", "", `def ${name}(text: str) -> str:`, "    s = text");
  for (const step of steps) lines.push(`    ${PY_LINES[step]}  # ${step}`);
  lines.push("    return s", "");
  return lines.join("\n");
}

/**
 * Export a normalization pipeline as source code: a TypeScript module exporting the function, or
 * a Python module defining it. Both give the same result as {@link composeNormalizer} with the
 * same steps, for every string.
 *
 * @example Export to both languages
 * ```ts
 * import { exportNormalizer } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const ts = exportNormalizer(["trim", "strip-quotes"], "typescript");
 * assert.match(ts, /export function normalize\(text: string\): string/);
 * const py = exportNormalizer(["trim", "lowercase"], "python", { name: "clean" });
 * assert.match(py, /def clean\(text: str\) -> str:\n    s = text\n    s = s.strip\(\)  # trim\n    s = s.lower\(\)  # lowercase/);
 * ```
 */
export function exportNormalizer(
  steps: readonly FormattingStep[],
  language: NormalizerLanguage,
  options: ExportNormalizerOptions = {},
): string {
  const checked = checkSteps(steps);
  const name = options.name ?? "normalize";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || RESERVED.has(name)) {
    throw new UserRangeError(
      `A normalizer name is letters, digits and _ (not starting with a digit, not a keyword of ` +
        `either language), not "${name}"`,
    );
  }
  if (language === "typescript") return typescript(checked, name);
  if (language === "python") return python(checked, name);
  throw new UserRangeError(`A normalizer exports to typescript or python, not "${language}"`);
}
