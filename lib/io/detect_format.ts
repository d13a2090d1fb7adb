/**
 * Detecting a results file's format from its content, with the reason for the choice.
 *
 * @module
 */
import { UserSyntaxError } from "../errors/mod.ts";
import { JsonScanner } from "./_json_scan.ts";
import type { Format } from "./types.ts";

/** The format chosen for a file (null: it is empty), and why, in words for the read report. */
export interface DetectedFormat {
  /** The format; null for a file that is empty or holds only white space. */
  format: Format | null;
  /** Why: what in the content decided it. */
  reason: string;
}

/** Throw when the first bytes are clearly not a text results file. */
export function refuseBinary(head: Uint8Array, name: string): void {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    throw new UserSyntaxError(
      `Cannot read "${name}": it is a zip archive, not a text results file ` +
        `(an Inspect AI .eval log is read by the harness reader: verdict audit FILE)`,
    );
  }
  const nul = head.indexOf(0);
  if (nul >= 0) {
    throw new UserSyntaxError(
      `Cannot read "${name}": it looks binary (a NUL byte at offset ${nul})`,
    );
  }
}

/** Count a delimiter in a CSV header line, outside double quotes. */
function countOutsideQuotes(line: string, ch: string): number {
  let inQuotes = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ch && !inQuotes) count++;
  }
  return count;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Decides a file's format from its text, fed in chunks. JSON is told apart by structure, not by
 * how much fits in a buffer: a first value that spans several lines is a JSON document (never JSON
 * lines, however it is laid out); a first line holding a whole object followed by more is JSON
 * lines; a file that is one single-line object is a `rows` document when it has a `rows` array.
 * Leading white space (any amount) is skipped and its line ends counted (`skippedLines`).
 *
 * @example Feed text and read the decision
 * ```ts
 * import { FormatSniffer } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const s = new FormatSniffer("a.json");
 * assert.equal(s.push('\n\n{"rows": [{"id": 1},'), undefined);
 * assert.equal(s.push('\n{"id": 2}]}')?.format, "json-rows");
 * assert.equal(s.skippedLines, 2);
 * ```
 */
export class FormatSniffer {
  /** Line ends in the white space before the content. */
  skippedLines = 0;
  /** Characters of content fed so far (after the leading white space). */
  seen = 0;
  /** The first key of a top-level JSON object, once seen. */
  firstKey: string | undefined;
  /** True when the file holds one JSON value and nothing after it (known at the end). */
  singleValue = false;
  #name: string;
  #state = "space" as "space" | "json" | "after-json" | "text";
  #decided: DetectedFormat | undefined;
  #scanner: JsonScanner | undefined;
  #rowsArray = false;
  #topKey: string | undefined;
  #header: string[] = [];
  #first = true;

  /** Make a sniffer; `name` breaks a CSV/TSV tie by its extension. */
  constructor(name: string) {
    this.#name = name;
  }

  /** Feed the next chunk of text; returns the decision once there is one. */
  push(chunk: string): DetectedFormat | undefined {
    if (this.#decided) return this.#decided;
    let text = chunk;
    if (this.#first && text !== "") {
      this.#first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.#state === "space") {
      const start = text.search(/\S/);
      const space = start < 0 ? text : text.slice(0, start);
      for (let i = space.indexOf("\n"); i >= 0; i = space.indexOf("\n", i + 1)) {
        this.skippedLines++;
      }
      if (start < 0) return undefined;
      text = text.slice(start);
      const c = text[0];
      if (c === "[") {
        return this.#decide("json-array", "the first non-blank character is [ (a JSON array)");
      }
      this.#state = c === "{" ? "json" : "text";
      if (c === "{") this.#scanner = this.#jsonScanner();
    }
    this.seen += text.length;
    if (this.#state === "json") {
      this.#scanner!.feed(text);
      if (this.#decided) return this.#decided;
      if ((this.#state as string) !== "after-json") return undefined;
      text = text.slice(this.#closedAt + 1);
      this.#closedAt = -1;
    }
    if (this.#state === "after-json") {
      if (text.trim() !== "") {
        return this.#decide(
          "jsonl",
          "the first line holds a whole JSON object and more lines follow",
        );
      }
      return undefined;
    }
    // CSV or TSV: the header line decides.
    const nl = text.search(/[\r\n]/);
    this.#header.push(nl < 0 ? text : text.slice(0, nl));
    return nl >= 0 ? this.#decideText() : undefined;
  }

  #jsonScanner(): JsonScanner {
    return new JsonScanner({
      newline: (_at, depth, inString) => {
        if (this.#decided || this.#state !== "json") return;
        if (inString) {
          this.#decide("jsonl", "the first line ends inside a string (a torn JSON line)");
        } else if (depth > 0) {
          this.#decide(
            "json-rows",
            "the first JSON value spans several lines (a JSON document)",
          );
        }
      },
      topKey: (key) => {
        this.#topKey = key;
        this.firstKey ??= key;
      },
      topValue: (char) => {
        if (this.#topKey === "rows" && char === "[") this.#rowsArray = true;
      },
      close: (_char, at, depth) => {
        if (depth === 1 && !this.#decided && this.#state === "json") {
          this.#state = "after-json";
          this.#closedAt = at;
        }
      },
    }, { newlines: true });
  }

  #closedAt = -1;

  #decide(format: Format | null, reason: string): DetectedFormat {
    this.#decided = { format, reason };
    return this.#decided;
  }

  #decideText(): DetectedFormat {
    const header = this.#header.join("");
    const tabs = countOutsideQuotes(header, "\t");
    const commas = countOutsideQuotes(header, ",");
    const counts = `the header line has ${plural(commas, "comma")} and ${plural(tabs, "tab")}`;
    if (tabs > commas) return this.#decide("tsv", `${counts} (outside quotes)`);
    if (commas > tabs) return this.#decide("csv", `${counts} (outside quotes)`);
    return /\.(tsv|tab)(\.gz)?$/i.test(this.#name)
      ? this.#decide("tsv", `${counts}; the name ends in .tsv`)
      : this.#decide("csv", `${counts}; read as CSV`);
  }

  /**
   * Decide now, with what was seen: at the end of the file, or when the caller will buffer no
   * more (a first line longer than it keeps).
   */
  end(): DetectedFormat {
    if (this.#decided) return this.#decided;
    switch (this.#state) {
      case "space":
        return this.#decide(null, "the file is empty or holds only white space");
      case "json":
        return this.#rowsArray
          ? this.#decide("json-rows", "the first JSON object has a rows array")
          : this.#decide("jsonl", "the first line is one JSON object (or the start of one)");
      case "after-json":
        this.singleValue = true;
        return this.#rowsArray
          ? this.#decide("json-rows", "the file is one JSON object with a rows array")
          : this.#decide("jsonl", "the file is one line holding one JSON object");
      case "text":
        return this.#decideText();
    }
  }
}

/**
 * Detect the format of a whole text (see {@link FormatSniffer} for the rules).
 *
 * @example Tell JSON lines from a JSON document
 * ```ts
 * import { detectFormat } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(detectFormat('{"id": 1}\n{"id": 2}\n', "a").format, "jsonl");
 * assert.equal(detectFormat('{"rows": [\n{"id": 1},\n{"id": 2}\n]}', "a").format, "json-rows");
 * assert.equal(detectFormat("id\toutput\n1\tx\n", "a").format, "tsv");
 * assert.equal(detectFormat("id,output\n1,x\n", "a").reason, "the header line has 1 comma and 0 tabs (outside quotes)");
 * ```
 */
export function detectFormat(text: string, name: string): DetectedFormat {
  const sniffer = new FormatSniffer(name);
  return sniffer.push(text) ?? sniffer.end();
}
