/**
 * Splitting streamed text into numbered lines.
 *
 * @module
 */
import { LineSplitter } from "./_line_splitter.ts";

/** One line of text and its 1-based number. */
export interface NumberedLine {
  /** The line number, from 1. */
  line: number;
  /** The line without its `\n` or `\r\n` (empty when the line was {@link NumberedLine.omitted}). */
  text: string;
  /**
   * Set when the line was longer than the `maxLineLength` asked for: its length in characters.
   * Its text was never built (`text` is empty).
   */
  omitted?: number;
}

/** Options of {@link numberedLines}. */
export interface NumberedLinesOptions {
  /** Lines longer than this (in characters) come out with `omitted` set instead of their text. */
  maxLineLength?: number;
}

/**
 * Split text chunks into lines (without their `\n` or `\r\n`), numbered from 1. A line may span
 * chunk boundaries; a last line without a line end is still yielded. Time is linear in the text
 * however long a line is, and with `maxLineLength` memory stays bounded too: a longer line is
 * counted, not built.
 *
 * @example Lines across chunks
 * ```ts
 * import { numberedLines } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const out = [];
 * for await (const l of numberedLines(["a\r\nb", "c\n", "d"])) out.push(l);
 * assert.deepEqual(out, [{ line: 1, text: "a" }, { line: 2, text: "bc" }, { line: 3, text: "d" }]);
 * ```
 *
 * @example A line over the limit is counted, not built
 * ```ts
 * import { numberedLines } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const out = [];
 * for await (const l of numberedLines(["ok\n", "x".repeat(10), "y\nz"], { maxLineLength: 5 })) out.push(l);
 * assert.deepEqual(out, [
 *   { line: 1, text: "ok" }, { line: 2, text: "", omitted: 11 }, { line: 3, text: "z" },
 * ]);
 * ```
 */
export async function* numberedLines(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: NumberedLinesOptions = {},
): AsyncGenerator<NumberedLine> {
  const splitter = new LineSplitter(options.maxLineLength ?? Infinity);
  const lines: NumberedLine[] = [];
  for await (const chunk of chunks) {
    splitter.push(chunk, lines);
    for (const line of lines) yield line;
    lines.length = 0;
  }
  splitter.end(lines);
  yield* lines;
}
