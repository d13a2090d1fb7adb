/**
 * Telling which harness wrote a file from its content: a zip with an Inspect header, a JSON
 * document or JSON lines with a harness's own keys, or a promptfoo CSV header.
 *
 * @module
 */
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { parseJson } from "../io/nonfinite_json.ts";
import { isObj, type Obj, obj } from "./_values.ts";
import { promptfooCsvGroups } from "./promptfoo_csv.ts";
import type { DetectedHarness, HarnessName } from "./types.ts";
import { looksLikeZip } from "./zip.ts";

function hasMetricKeys(results: Obj): boolean {
  return Object.values(results).some((entry) =>
    isObj(entry) && Object.keys(entry).some((k) => /^[^,]+,[^,]*$/.test(k))
  );
}

/**
 * Which harness wrote a parsed JSON document (an object; no harness writes an array), or null.
 *
 * @example An OpenAI run and a plain object
 * ```ts
 * import { detectJsonDocument } from "./detect.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(detectJsonDocument({ object: "eval.run", id: "r" }), {
 *   harness: "openai-evals", format: "json", kind: "run",
 * });
 * assert.equal(detectJsonDocument({ rows: [] }), null);
 * ```
 */
export function detectJsonDocument(doc: unknown): DetectedHarness | null {
  if (!isObj(doc)) return null;
  const spec = obj(doc.eval);
  if (typeof doc.version === "number" && spec && ("task" in spec || "model" in spec)) {
    return { harness: "inspect", format: "json", kind: "log" };
  }
  const results = obj(doc.results);
  if (results && (Array.isArray(results.results) || isObj(results.stats))) {
    return { harness: "promptfoo", format: "json", kind: "export" };
  }
  if (
    results && hasMetricKeys(results) &&
    ["configs", "versions", "n-samples", "group_subtasks", "higher_is_better"].some((k) => k in doc)
  ) {
    return { harness: "lm-eval", format: "json", kind: "results" };
  }
  if (doc.object === "list" && Array.isArray(doc.data)) {
    const kinds = new Set(doc.data.map((d) => obj(d)?.object));
    if (kinds.has("eval.run.output_item")) {
      return { harness: "openai-evals", format: "json", kind: "output-items" };
    }
    if (kinds.has("eval.run")) return { harness: "openai-evals", format: "json", kind: "runs" };
  }
  if (doc.object === "eval.run") return { harness: "openai-evals", format: "json", kind: "run" };
  if (doc.object === "eval.run.output_item") {
    return { harness: "openai-evals", format: "json", kind: "output-items" };
  }
  return null;
}

/**
 * Which harness wrote one JSON lines record, or null.
 *
 * @example An lm-evaluation-harness samples line
 * ```ts
 * import { detectJsonRecord } from "./detect.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(detectJsonRecord({ doc_id: 0, filter: "none", metrics: ["acc"], acc: 1 }), {
 *   harness: "lm-eval", format: "jsonl", kind: "samples",
 * });
 * ```
 */
export function detectJsonRecord(record: unknown): DetectedHarness | null {
  if (!isObj(record)) return null;
  if (
    typeof record.promptIdx === "number" && typeof record.testIdx === "number" &&
    ("success" in record || "gradingResult" in record || "failureReason" in record)
  ) {
    return { harness: "promptfoo", format: "jsonl", kind: "results" };
  }
  if ("doc_id" in record && "filter" in record && Array.isArray(record.metrics)) {
    return { harness: "lm-eval", format: "jsonl", kind: "samples" };
  }
  if (record.object === "eval.run.output_item") {
    return { harness: "openai-evals", format: "jsonl", kind: "output-items" };
  }
  if (typeof record.run_id === "string" && (isObj(record.grades) || isObj(record.passes))) {
    return { harness: "openai-evals", format: "jsonl", kind: "dashboard" };
  }
  return null;
}

/** The first non-blank line of a text, and whether a second non-blank line follows. */
function firstLines(text: string): { first: string; more: boolean } {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  return { first: lines[0] ?? "", more: lines.length > 1 };
}

/**
 * Tell which harness wrote a file, from its whole content (a JSON document is parsed; JSON lines
 * are judged by their first record, a CSV by its header). Returns null when no harness matches;
 * `name` only helps tell `.eval` zips apart.
 *
 * @example Detect a promptfoo JSON lines export and a plain CSV
 * ```ts
 * import { detectHarness } from "./detect.ts";
 * import assert from "node:assert/strict";
 *
 * const line = '{"promptIdx": 0, "testIdx": 0, "success": true, "score": 1}\n';
 * assert.deepEqual(detectHarness(new TextEncoder().encode(line)), {
 *   harness: "promptfoo", format: "jsonl", kind: "results",
 * });
 * assert.equal(detectHarness("id,output\n1,a\n"), null);
 * ```
 */
export function detectHarness(content: Uint8Array | string, name = ""): DetectedHarness | null {
  if (typeof content !== "string" && looksLikeZip(content)) {
    return { harness: "inspect", format: "eval-zip", kind: name.endsWith(".eval") ? "log" : "zip" };
  }
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("{") || body.startsWith("[")) {
    const { first, more } = firstLines(body);
    if (more && first.startsWith("{")) {
      try {
        return detectJsonRecord(parseJson(first));
      } catch { /* a pretty-printed document: read it whole below */ }
    }
    try {
      const doc = parseJson(body);
      return detectJsonDocument(doc) ?? (more ? null : detectJsonRecord(doc));
    } catch {
      return null;
    }
  }
  const header = Papa.parse<string[]>(body, { preview: 1 }).data[0] ?? [];
  return promptfooCsvGroups(header).length > 0
    ? { harness: "promptfoo", format: "csv", kind: "export" }
    : null;
}

/**
 * Names accepted for `--harness`, mapped to harness names.
 *
 * @example
 * ```ts
 * import { HARNESS_ALIASES } from "./detect.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(HARNESS_ALIASES["inspect_ai"], "inspect");
 * assert.equal(HARNESS_ALIASES["helm"], undefined);
 * ```
 */
export const HARNESS_ALIASES: Readonly<Record<string, HarnessName>> = {
  "promptfoo": "promptfoo",
  "inspect": "inspect",
  "inspect_ai": "inspect",
  "inspect-ai": "inspect",
  "lm-eval": "lm-eval",
  "lm_eval": "lm-eval",
  "lm-evaluation-harness": "lm-eval",
  "openai-evals": "openai-evals",
  "openai": "openai-evals",
};
