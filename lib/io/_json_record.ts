// One JSON record's text → its value, within the read limits: too deep is unreadable (with that
// reason), and the messages for records too large to build.
import { formatByteSize, type ReadLimits } from "./limits.ts";
import { parseJson } from "./nonfinite_json.ts";

/** A record read, or why it was left out. */
export type JsonRecordResult =
  | { value: unknown; code?: undefined }
  | { code: "unreadable" | "too-large"; message: string };

const STRUCTURAL = /[[\]{}"]/g;

/**
 * The deepest `[`/`{` nesting in JSON text, outside strings; stops counting once past `max`
 * (the result is then `max + 1`). Linear in the text; text that is not JSON gives some number.
 */
export function nestingDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  STRUCTURAL.lastIndex = 0;
  for (let m = STRUCTURAL.exec(text); m !== null; m = STRUCTURAL.exec(text)) {
    const c = m[0];
    if (c === '"') {
      // Skip the string: the next quote not escaped by an odd run of backslashes.
      let end = text.indexOf('"', m.index + 1);
      while (end > 0) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) break;
      STRUCTURAL.lastIndex = end + 1;
    } else if (c === "[" || c === "{") {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > max) break;
      }
    } else depth--;
  }
  STRUCTURAL.lastIndex = 0;
  return deepest;
}

/** How many times `c` occurs in `text`, counting no further than `limit + 1`. */
function countUpTo(text: string, c: string, limit: number): number {
  let n = 0;
  for (let at = text.indexOf(c); at >= 0 && n <= limit; at = text.indexOf(c, at + 1)) n++;
  return n;
}

/**
 * Whether JSON text nests deeper than `max` levels, as `nestingDepth(text, max) > max` answers,
 * without its scan when the answer is plain: each level opens with a `[` or `{`, so text with no
 * more than `max` of them (counting those inside strings too), and so any text of at most `max`
 * characters, cannot nest deeper.
 *
 * @example A short record is never too deep; a long one is measured
 * ```ts
 * import { nestsDeeper } from "./_json_record.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(nestsDeeper('{"a": [[1]]}', 2), true);
 * assert.equal(nestsDeeper('{"a": "[[[["}', 2), false);
 * assert.equal(nestsDeeper('{"a": [1]}', 1000), false);
 * ```
 */
export function nestsDeeper(text: string, max: number): boolean {
  if (text.length <= max) return false;
  const braces = countUpTo(text, "{", max);
  if (braces <= max && braces + countUpTo(text, "[", max - braces) <= max) return false;
  return nestingDepth(text, max) > max;
}

/** The message of a record left out as `too-large` (its text was never built whole). */
export function tooLargeMessage(what: string, size: number, limit: number): string {
  return `${what} holds ${size.toLocaleString("en-US")} characters, more than the limit of ` +
    `${formatByteSize(limit).replace(/ bytes$/, "").replace(/iB$/, "i")} characters for one ` +
    "record (maxRecordSize)";
}

/**
 * Parse one record's JSON text (bare NaN/Infinity allowed, long integers kept as text); `what`
 * names it in messages (`line 12`, `element 3`).
 */
export function readJsonRecord(
  text: string,
  what: string,
  limits: Required<ReadLimits>,
): JsonRecordResult {
  if (text.length > limits.maxRecordSize) {
    return { code: "too-large", message: tooLargeMessage(what, text.length, limits.maxRecordSize) };
  }
  if (nestsDeeper(text, limits.maxDepth)) {
    return {
      code: "unreadable",
      message: `${what} nests deeper than ${limits.maxDepth} levels (maxDepth)`,
    };
  }
  try {
    return { value: parseJson(text) };
  } catch {
    return { code: "unreadable", message: `${what} is not valid JSON` };
  }
}
