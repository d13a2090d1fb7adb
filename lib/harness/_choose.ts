// Choosing the adapter for a file from the registry: every adapter sniffs the same first look,
// exactly one must claim the file (or the forced one is used), and misses become one clear error
// that lists what was tried and why each reader passed.
import type { FileLook, LookShape } from "./adapter.ts";
import type { DetectionAttempt } from "./detect.ts";
import { HARNESSES } from "./registry.ts";
import { isObj } from "./_values.ts";
import {
  type DetectedHarness,
  HARNESS_NAMES,
  type HarnessFormat,
  type HarnessName,
} from "./types.ts";
import { UserTypeError } from "../errors/mod.ts";

/** A readable file that no harness reader claims (a `TypeError`, so callers can fall back). */
export class NotAHarnessFile extends UserTypeError {}

const FORMATS: Record<LookShape, HarnessFormat> = {
  zip: "eval-zip",
  "json-lines": "jsonl",
  json: "json",
  "json-array": "json",
  "json-rows": "json",
  csv: "csv",
  empty: "csv",
};

const SHAPE_WORDS: Record<LookShape, string> = {
  zip: "zip archive",
  "json-lines": "JSON lines",
  json: "JSON document of this kind",
  "json-array": "JSON array",
  "json-rows": "JSON document with a rows array",
  csv: "CSV",
  empty: "empty file",
};

/** Ask every adapter of the registry about a look, in registry order. */
export function sniffAll(look: FileLook): DetectionAttempt[] {
  return HARNESS_NAMES.map((harness): DetectionAttempt => {
    const adapter = HARNESSES[harness];
    if (!adapter.shapes.includes(look.shape)) {
      return { harness, miss: `reads no ${SHAPE_WORDS[look.shape]}` };
    }
    const answer = adapter.sniff(look);
    return "kind" in answer ? { harness, kind: answer.kind } : { harness, miss: answer.miss };
  });
}

/** The detection of a claim, with the container format the look implies. */
export function detection(look: FileLook, harness: HarnessName, kind: string): DetectedHarness {
  return { harness, format: FORMATS[look.shape], kind };
}

function keys(value: unknown): string {
  if (!isObj(value)) return Array.isArray(value) ? "an array" : String(value ?? "none");
  const all = Object.keys(value);
  return all.length === 0
    ? "no keys"
    : all.slice(0, 12).join(", ") + (all.length > 12 ? ", …" : "");
}

/** What a look shows, for messages: `it is JSON lines (line 1 keys: …)`. */
export function describeLook(look: FileLook): string {
  switch (look.shape) {
    case "json":
      return `it is a JSON document (top level: ${keys(look.value)})`;
    case "json-lines":
      return `it is JSON lines (line 1 keys: ${keys(look.first)})`;
    case "json-array":
      return `it is a JSON array (first element keys: ${keys(look.first)})`;
    case "json-rows":
      return "it is a JSON document with a rows array (the six-field layout)";
    case "csv": {
      const shown = look.header.slice(0, 12).map((h) => JSON.stringify(h)).join(", ");
      return `it is CSV-like text (header: ${shown}${look.header.length > 12 ? ", …" : ""})`;
    }
    case "empty":
      return "it is empty";
    case "zip":
      return "it is a zip archive";
  }
}

function title(harness: HarnessName): string {
  return HARNESSES[harness].title;
}

/** Why no reader claimed the look: each reader's reason, the shape-level ones grouped. */
function triedList(attempts: DetectionAttempt[], look: FileLook): string {
  const shapeMiss = `reads no ${SHAPE_WORDS[look.shape]}`;
  const own = attempts.filter((a) => a.miss !== shapeMiss);
  const rest = attempts.filter((a) => a.miss === shapeMiss).map((a) => title(a.harness));
  const parts = own.map((a) => `${title(a.harness)} (${a.miss})`);
  if (rest.length > 0) {
    const names = rest.length > 1 ? `${rest.slice(0, -1).join(", ")} and ${rest.at(-1)}` : rest[0];
    parts.push(`${names} read no ${SHAPE_WORDS[look.shape]}`);
  }
  return parts.join("; ");
}

/**
 * The harness to read a look with: the one adapter that claims it, or the forced one. Throws
 * {@link NotAHarnessFile} when none claims it (listing what was tried), and a `TypeError` when
 * several do or when the forced harness is plainly the wrong one.
 */
export function chooseHarness(
  look: FileLook,
  name: string,
  forced?: HarnessName,
): DetectedHarness {
  const attempts = sniffAll(look);
  const claims = attempts.filter((a) => a.kind !== undefined);
  if (forced !== undefined) {
    const own = attempts.find((a) => a.harness === forced)!;
    if (own.kind !== undefined) return detection(look, forced, own.kind);
    if (claims.length > 0) {
      const found = claims.map((c) => `${title(c.harness)} (${c.kind})`).join(" or ");
      throw new UserTypeError(
        `Cannot read "${name}" as ${forced}: its content is from ${found}, not ` +
          `${HARNESSES[forced].reads}`,
      );
    }
    if (HARNESSES[forced].shapes.includes(look.shape) && HARNESSES[forced].fits(look)) {
      return detection(look, forced, "forced");
    }
    throw new NotAHarnessFile(
      `Cannot read "${name}" as ${forced}: ${describeLook(look)}; ${own.miss}`,
    );
  }
  if (claims.length === 1) return detection(look, claims[0].harness, claims[0].kind!);
  if (claims.length > 1) {
    const found = claims.map((c) => `${title(c.harness)} (${c.kind})`).join(", ");
    throw new UserTypeError(
      `Cannot read harness file "${name}": it fits more than one reader (${found}); choose one ` +
        "with the harness option (--harness)",
    );
  }
  throw new NotAHarnessFile(
    `Cannot read harness file "${name}": ${describeLook(look)}, and no harness reader claims ` +
      `it; tried ${triedList(attempts, look)}`,
  );
}
