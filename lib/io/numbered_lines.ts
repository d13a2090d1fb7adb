/**
 * Splitting streamed text into numbered lines.
 *
 * @module
 */

/** One line of text and its 1-based number. */
export interface NumberedLine {
  /** The line number, from 1. */
  line: number;
  /** The line without its `\n` or `\r\n`. */
  text: string;
}

/**
 * Split text chunks into lines (without their `\n` or `\r\n`), numbered from 1. A line may span
 * chunk boundaries; a last line without a line end is still yielded.
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
 */
export async function* numberedLines(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<NumberedLine> {
  let pending = "";
  let line = 0;
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    let nl = pending.indexOf("\n", start);
    while (nl >= 0) {
      const end = nl > start && pending[nl - 1] === "\r" ? nl - 1 : nl;
      yield { line: ++line, text: pending.slice(start, end) };
      start = nl + 1;
      nl = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
  }
  if (pending !== "") yield { line: ++line, text: pending.replace(/\r$/, "") };
}
