/**
 * Reading a native harness file into audit rows: detect the harness from the content (or take
 * the one forced), pick its adapter, and return rows, declared figures, notes and problems.
 *
 * @module
 */
import { parseJson } from "../io/nonfinite_json.ts";
import type { Draft } from "./_draft.ts";
import {
  type OpenedFile,
  openHarnessSource,
  readAllText,
  readLines,
  sourcePath,
} from "./_source.ts";
import { isObj, type Obj } from "./_values.ts";
import {
  csvHeader,
  firstLine,
  fitsForced,
  fitsForcedRecord,
  parsesAsObject,
  startsWithRows,
} from "./_sniff.ts";
import { detectJsonDocument, detectJsonRecord } from "./detect.ts";
import { adaptInspectEval, adaptInspectJson } from "./inspect.ts";
import { adaptLmEvalSamples, type LmEvalSamplesContext, lmEvalSamplesName } from "./lm_eval.ts";
import { adaptLmEvalResults } from "./lm_eval_results.ts";
import { adaptOpenAiEvalsDocument, adaptOpenAiEvalsJsonl } from "./openai_evals.ts";
import { adaptPromptfooExport, adaptPromptfooJsonl } from "./promptfoo.ts";
import { adaptPromptfooCsv, promptfooCsvGroups } from "./promptfoo_csv.ts";
import type {
  DetectedHarness,
  HarnessName,
  HarnessResult,
  HarnessSource,
  ReadHarnessOptions,
} from "./types.ts";
import { looksLikeZip, openZip } from "./zip.ts";

/** Thrown (as a TypeError) when a readable file belongs to none of the four harnesses. */
class NotAHarnessFile extends TypeError {}

const NONE_OF_THEM = "a promptfoo export, an Inspect AI log, an lm-evaluation-harness " +
  "results or samples file, or an OpenAI Evals export";

function mismatch(name: string, forced: HarnessName, found: DetectedHarness): TypeError {
  return new TypeError(
    `Cannot read "${name}" as ${forced}: its content is a ${found.harness} ${found.kind} file`,
  );
}

async function lmEvalContext(
  file: OpenedFile,
  path: string | undefined,
): Promise<LmEvalSamplesContext> {
  const base = file.name.split(/[\\/]/).pop() ?? file.name;
  const parsed = lmEvalSamplesName(base);
  const context: LmEvalSamplesContext = { task: parsed?.task, label: parsed?.task ?? base };
  if (!parsed || !path) return context;
  const dir = path.slice(0, Math.max(path.lastIndexOf("/"), 0)) || ".";
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith(`results_${parsed.date}.json`)) {
        const doc = parseJson(await Deno.readTextFile(`${dir}/${entry.name}`));
        if (isObj(doc)) context.results = doc;
        break;
      }
    }
  } catch { /* no listing or no readable results file: the samples are read alone */ }
  return context;
}

async function readJsonLines(
  file: OpenedFile,
  line: string,
  path: string | undefined,
  forced?: HarnessName,
): Promise<{ detected: DetectedHarness; draft: Draft }> {
  const record = parseJson(line);
  let detected = detectJsonRecord(record);
  if (detected && forced && detected.harness !== forced) {
    throw mismatch(file.name, forced, detected);
  }
  if (!detected && forced && isObj(record) && fitsForcedRecord(forced, record)) {
    detected = { harness: forced, format: "jsonl", kind: "forced" };
  }
  if (!detected) {
    const keys = isObj(record) ? Object.keys(record).slice(0, 12).join(", ") : typeof record;
    throw new NotAHarnessFile(
      `Cannot read harness file "${file.name}": it is JSON lines, but line 1 is not a record of ` +
        `${NONE_OF_THEM} (its keys: ${keys})`,
    );
  }
  const lines = readLines(file);
  const draft = detected.harness === "promptfoo"
    ? await adaptPromptfooJsonl(lines)
    : detected.harness === "lm-eval"
    ? await adaptLmEvalSamples(lines, await lmEvalContext(file, path))
    : await adaptOpenAiEvalsJsonl(lines);
  return { detected, draft };
}

async function readJsonDocument(
  file: OpenedFile,
  forced?: HarnessName,
): Promise<{ detected: DetectedHarness; draft: Draft }> {
  let doc: unknown;
  const text = await readAllText(file);
  try {
    doc = parseJson(text);
  } catch (error) {
    if (!(error instanceof SyntaxError) || error.message.includes(file.name)) throw error;
    throw new SyntaxError(`Cannot read harness file "${file.name}": it is not valid JSON`);
  }
  let detected = detectJsonDocument(doc) ?? (isObj(doc) ? detectJsonRecord(doc) : null);
  if (detected && forced && detected.harness !== forced) {
    throw mismatch(file.name, forced, detected);
  }
  if (!detected && forced && isObj(doc) && fitsForced(forced, doc)) {
    detected = { harness: forced, format: "json", kind: "forced" };
  }
  if (!detected || !isObj(doc)) {
    const keys = isObj(doc)
      ? Object.keys(doc).slice(0, 12).join(", ")
      : Array.isArray(doc)
      ? "an array"
      : typeof doc;
    throw new NotAHarnessFile(
      `Cannot read harness file "${file.name}": it is JSON, but not ${NONE_OF_THEM} (top level: ${keys})`,
    );
  }
  const lines = async function* () {
    yield { line: 1, text };
  };
  const single = detected.format === "jsonl";
  const draft = detected.harness === "inspect"
    ? await adaptInspectJson(doc as Obj)
    : detected.harness === "promptfoo"
    ? single ? await adaptPromptfooJsonl(lines()) : adaptPromptfooExport(doc as Obj)
    : detected.harness === "lm-eval"
    ? single ? await adaptLmEvalSamples(lines()) : adaptLmEvalResults(doc as Obj)
    : single
    ? await adaptOpenAiEvalsJsonl(lines())
    : adaptOpenAiEvalsDocument(doc as Obj);
  return { detected: { ...detected, format: "json" }, draft };
}

/**
 * Read a promptfoo, Inspect AI, lm-evaluation-harness or OpenAI Evals file. The harness is
 * detected from the content unless `options.harness` forces one. Throws `SyntaxError` when the
 * file cannot be parsed at all and `TypeError` when it parses but belongs to none of them;
 * problems inside a readable file are returned as data.
 *
 * @example Read a promptfoo JSON lines export given as text
 * ```ts
 * import { readHarnessFile } from "./read_harness_file.ts";
 * import assert from "node:assert/strict";
 *
 * const line = (testIdx: number, failureReason: number) => JSON.stringify({
 *   promptIdx: 0, testIdx, failureReason, success: failureReason === 0,
 *   score: failureReason === 0 ? 1 : 0, provider: { id: "p" }, prompt: { label: "Q" },
 *   error: failureReason === 2 ? "Error: read ECONNRESET" : undefined,
 * });
 * const result = await readHarnessFile({ text: `${line(0, 0)}\n${line(1, 2)}\n`, name: "r.jsonl" });
 * assert.equal(result.harness.name, "promptfoo");
 * assert.deepEqual(result.rows.map((r) => [r.pass, r.errorKind]), [
 *   [true, undefined], [null, "infrastructure"],
 * ]);
 * ```
 */
export async function readHarnessFile(
  source: HarnessSource,
  options: ReadHarnessOptions = {},
): Promise<HarnessResult> {
  const file = await openHarnessSource(source, options.name);
  const forced = options.harness;
  try {
    const head = await file.readAt(0, 8);
    let read: { detected: DetectedHarness; draft: Draft };
    if (looksLikeZip(head)) {
      const detected: DetectedHarness = { harness: "inspect", format: "eval-zip", kind: "log" };
      if (forced && forced !== "inspect") throw mismatch(file.name, forced, detected);
      read = { detected, draft: await adaptInspectEval(await openZip(file), file.name) };
    } else {
      const { line, more } = await firstLine(file);
      if (line.startsWith("{") && more && parsesAsObject(line)) {
        read = await readJsonLines(file, line, sourcePath(source), forced);
      } else if (line.startsWith("{") && !(await startsWithRows(file))) {
        read = await readJsonDocument(file, forced);
      } else {
        const header = line.startsWith("{") || line.startsWith("[") ? [] : await csvHeader(file);
        if (promptfooCsvGroups(header).length === 0 || (forced && forced !== "promptfoo")) {
          const what = line.startsWith("[")
            ? "a JSON array, which none of them writes"
            : line.startsWith("{")
            ? "a JSON document with a rows array, which none of them writes"
            : "not JSON, JSON lines, a promptfoo CSV or an Inspect .eval zip";
          throw new NotAHarnessFile(
            `Cannot read harness file "${file.name}": it is not ${NONE_OF_THEM} (${what})`,
          );
        }
        const csv = await readAllText(file);
        read = {
          detected: { harness: "promptfoo", format: "csv", kind: "export" },
          draft: adaptPromptfooCsv(csv, file.name),
        };
      }
    }
    return { source: file.name, detected: read.detected, ...read.draft };
  } finally {
    file.close();
  }
}

/**
 * Like {@link readHarnessFile}, but gives null when the file is readable and belongs to none of
 * the four harnesses (so a caller can fall back to another reader). Damaged harness files still
 * throw.
 *
 * @example Fall back on a plain results file
 * ```ts
 * import { tryReadHarnessFile } from "./read_harness_file.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await tryReadHarnessFile({ text: "id,output\n1,a\n" }), null);
 * assert.equal(await tryReadHarnessFile({ text: '{"rows": []}' }), null);
 * ```
 */
export async function tryReadHarnessFile(
  source: HarnessSource,
  options: ReadHarnessOptions = {},
): Promise<HarnessResult | null> {
  try {
    return await readHarnessFile(source, options);
  } catch (error) {
    if (error instanceof NotAHarnessFile && options.harness === undefined) return null;
    throw error;
  }
}
