/**
 * The tokenizer of Google's `rouge-score` package, with optional Porter stemming.
 *
 * @module
 */

import { porterStem } from "./porter_stemmer.ts";

const NON_ALPHANUMERIC = /[^a-z0-9]+/g;
const VALID_TOKEN = /^[a-z0-9]+$/;

/** Options of {@link rougeTokenize}. */
export interface RougeTokenizeOptions {
  /** Stem every token longer than three characters with the Porter stemmer (default false). */
  stemmer?: boolean;
}

/**
 * Tokenize text as `rouge-score` does: lowercase (full Unicode lowercasing), turn every run of
 * characters other than ASCII letters and digits into a space, split, optionally stem tokens
 * longer than three characters, and keep the non-empty tokens. Non-ASCII letters therefore
 * split words (`café` → `caf`) and text without ASCII letters or digits gives no tokens.
 *
 * @example Tokenize with and without stemming
 * ```ts
 * import { rougeTokenize } from "./rouge_tokenize.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(rougeTokenize("The cats' café, 1,234!"), ["the", "cats", "caf", "1", "234"]);
 * assert.deepEqual(rougeTokenize("Running happily", { stemmer: true }), ["run", "happili"]);
 * assert.deepEqual(rougeTokenize("日本語"), []);
 * ```
 */
export function rougeTokenize(text: string, options: RougeTokenizeOptions = {}): string[] {
  const words = text.toLowerCase().replace(NON_ALPHANUMERIC, " ").split(" ");
  const out: string[] = [];
  const stem = Boolean(options.stemmer);
  for (const word of words) {
    // Unstemmed words are runs of [a-z0-9] already: only empty ones are dropped.
    if (word === "") continue;
    const token = stem && word.length > 3 ? porterStem(word) : word;
    if (!stem || VALID_TOKEN.test(token)) out.push(token);
  }
  return out;
}
