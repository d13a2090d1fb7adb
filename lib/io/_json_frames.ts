// The elements of a JSON array (the file's top-level array, or its `rows` array) cut out one by
// one by a structural scan, each parsed alone: memory holds one element at a time, an element over
// the size limit is counted and never built, and a broken element is left out on its own.
import { JsonScanner } from "./_json_scan.ts";
import type { ReadLimits } from "./limits.ts";

/** One element's text, or why it was not kept. */
export type JsonFrame =
  | { index: number; text: string }
  | { index: number; tooLarge: number }
  | { index: number; tooDeep: true }
  | { index: number; broken: string };

/** How the document ended, for the reader's checks. */
export interface JsonFrameEnd {
  /** The array was found (`rows` mode: a `rows` key holding an array). */
  sawArray: boolean;
  /** `rows` mode: the document has a `rows` key whose value is not an array. */
  rowsNotArray: boolean;
}

/**
 * Cut `text` into array elements: `inRows` false takes the top-level array's elements, true the
 * elements of the top-level object's `rows` array.
 */
export async function* jsonFrames(
  text: AsyncIterable<string>,
  inRows: boolean,
  limits: Required<ReadLimits>,
  end: JsonFrameEnd,
): AsyncGenerator<JsonFrame> {
  const elementDepth = inRows ? 2 : 1;
  let phase = "before" as "before" | "in" | "after";
  let lastKey: string | undefined;
  let index = 0;
  // The current element: its pieces (dropped once it is too large or too deep), size, depth.
  let pieces: string[] = [];
  let size = 0;
  let deepest = 0;
  let start = -1; // where the element's text starts in the chunk; -1 when not capturing
  let commas = 0;
  let topClosedAt = -1; // where the top-level value closed in this chunk; -1 when it did not
  let topClosed = false as boolean;
  let trailing = false;
  const out: JsonFrame[] = [];
  let chunk = "";

  const capture = (to: number) => {
    if (start < 0) return;
    size += to - start;
    if (size <= limits.maxRecordSize && deepest <= limits.maxDepth) {
      pieces.push(chunk.slice(start, to));
    } else pieces = [];
    start = to;
  };
  const finishElement = (at: number, atClose: boolean) => {
    capture(at);
    const body = pieces.join("").trim();
    const empty = size <= limits.maxRecordSize && body === "";
    // `[]` holds no element; `[1,]` and `[,1]` have a missing one.
    if (!(empty && atClose && commas === 0)) {
      index++;
      if (deepest > limits.maxDepth) out.push({ index, tooDeep: true });
      else if (size > limits.maxRecordSize) out.push({ index, tooLarge: size });
      else if (empty) out.push({ index, broken: "is missing (a comma with nothing before it)" });
      else out.push({ index, text: body });
    }
    pieces = [];
    size = 0;
    deepest = 0;
    start = -1;
  };

  const scanner = new JsonScanner({
    open(char, at, depth) {
      if (
        phase === "before" && depth === elementDepth && char === "[" &&
        (!inRows || lastKey === "rows")
      ) {
        phase = "in";
        end.sawArray = true;
        start = at + 1;
      } else if (phase === "in") deepest = Math.max(deepest, depth - elementDepth);
    },
    close(_char, at, depth) {
      if (phase === "in" && depth === elementDepth) {
        finishElement(at, true);
        phase = "after";
      }
      if (depth === 1 && !topClosed) {
        topClosed = true;
        topClosedAt = at;
      }
    },
    comma(at, depth) {
      if (phase === "in" && depth === elementDepth) {
        finishElement(at, false);
        commas++;
        start = at + 1;
      }
    },
    topKey(key) {
      lastKey = key;
    },
    topValue(char) {
      if (inRows && lastKey === "rows" && char !== "[" && phase === "before") {
        end.rowsNotArray = true;
      }
    },
  });

  for await (const next of text) {
    chunk = next;
    if (phase === "in") start = 0;
    const closedBefore = topClosed;
    scanner.feed(chunk);
    if (phase === "in") capture(chunk.length);
    if (topClosed && !trailing) {
      // Anything but white space after the top-level value is text that is not read.
      const rest = closedBefore ? chunk : chunk.slice(topClosedAt + 1);
      if (rest.trim() !== "") trailing = true;
    }
    yield* out.splice(0);
  }
  if (phase === "in") {
    capture(chunk.length);
    if (size > 0 && (pieces.join("").trim() !== "" || size > limits.maxRecordSize)) {
      yield {
        index: index + 1,
        broken: "is cut off: the file ends inside the array (a torn file, or brackets that do " +
          "not match)",
      };
    }
  } else if (trailing) {
    yield { index: index + 1, broken: "is text after the end of the JSON document (not read)" };
  }
}
