// Splitting text chunks into numbered lines synchronously, chunk by chunk: the work behind
// `numberedLines`, also used directly by the JSON-lines reader so that each line costs no step of
// an async generator.
import type { NumberedLine } from "./numbered_lines.ts";

/**
 * Lines (without their `\n` or `\r\n`) out of text pushed chunk by chunk, numbered from 1; a line
 * may span chunks. A line longer than `max` characters comes out with `omitted` set to its length
 * and empty text, and its pieces are not kept past `max + 1` characters.
 */
export class LineSplitter {
  readonly #max: number;
  // The current line's pieces so far (never joined until the line ends) and its length.
  #parts: string[] = [];
  #length = 0;
  #line = 0;

  constructor(max = Infinity) {
    this.#max = max;
  }

  #finish(tail: string): NumberedLine {
    const line = ++this.#line;
    const size = this.#length + tail.length;
    let text: string | undefined;
    if (size <= this.#max + 1) {
      const parts = this.#parts;
      parts.push(tail);
      text = parts.length === 1 ? parts[0] : parts.join("");
      // A line end of \r\n: the \r is not part of the line.
      if (text.endsWith("\r")) text = text.slice(0, -1);
    }
    this.#parts = [];
    this.#length = 0;
    if (text !== undefined && text.length <= this.#max) return { line, text };
    return { line, text: "", omitted: text?.length ?? size - (tail.endsWith("\r") ? 1 : 0) };
  }

  /** Append the lines that `chunk` ends to `out`; keep its unfinished rest. */
  push(chunk: string, out: NumberedLine[]): void {
    let start = 0;
    let nl = chunk.indexOf("\n");
    while (nl >= 0) {
      out.push(this.#finish(chunk.slice(start, nl)));
      start = nl + 1;
      nl = chunk.indexOf("\n", start);
    }
    if (start < chunk.length) {
      const rest = chunk.slice(start);
      this.#length += rest.length;
      // Past the limit the pieces are not kept, only counted.
      if (this.#length <= this.#max + 1) this.#parts.push(rest);
      else this.#parts = [];
    }
  }

  /** Append the last line to `out` when the text did not end with a line end. */
  end(out: NumberedLine[]): void {
    if (this.#length > 0) out.push(this.#finish(""));
  }
}
