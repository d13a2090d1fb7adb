/**
 * The answers a harness file recorded, for diagnosis: per case, what was asked, the model's
 * answer, the reference, the finish reason and latency when recorded, and the harness's own
 * verdicts. The audit reads these files for pass rates; this reads the same files for the
 * answers behind them, so the eval's live checks and judge can say why cases missed without
 * asking the model again. promptfoo (JSON, JSON lines), Inspect AI (`.json`, `.eval`),
 * DeepEval test runs and Ragas tables (verdicts from `thresholds`, as the audit reads them) are
 * read.
 *
 * @module
 */
import { parseJson } from "../io/nonfinite_json.ts";
import { chooseHarness } from "./_choose.ts";
import { lookAt } from "./_look.ts";
import { openHarnessSource, readLines } from "./_source.ts";
import { arr, isObj, type Obj, obj, text } from "./_values.ts";
import { inspectSampleRows, sampleError } from "./_inspect_rows.ts";
import { inspectVersion } from "./_inspect_header.ts";
import { promptfooCaseNamer, promptfooRow } from "./_promptfoo_rows.ts";
import { openZip, type ZipArchive } from "./zip.ts";
import { documentLayout, documentRecords, streamedRecords } from "./_ragas_adapter.ts";
import { adaptRagasTable, type RagasRecord } from "./ragas.ts";
import type { FileLook } from "./adapter.ts";
import type { OpenedFile } from "./_source.ts";
import type { HarnessName, HarnessProblem, HarnessSource } from "./types.ts";
import { UserTypeError } from "../errors/mod.ts";

/** One verdict the harness recorded on an answer. */
export interface RecordedVerdict {
  /** The grader, scorer or metric. */
  name: string;
  /** Its verdict; null when it gave none. */
  pass: boolean | null;
  /** Its score; null when it gave none. */
  score: number | null;
  /** Its reason, when recorded. */
  reason?: string;
}

/** One answer a harness recorded. */
export interface HarnessAnswer {
  /** The case id (with the version or epoch when the file holds several). */
  id: string;
  /** What was asked (the rendered prompt, or the last user message). */
  question: string;
  /** The answer; null when the call failed. */
  answer: string | null;
  /** The error the harness recorded for the call, when it failed. */
  error?: string;
  /** The references (may be empty). */
  references: string[];
  /** The finish reason as the harness recorded it (`stop`, `length`, `max_tokens`, …). */
  finishReason?: string;
  /** Milliseconds the model took, when recorded. */
  latencyMs?: number;
  /** Tool calls the model made, when recorded. */
  toolCalls?: { name: string; arguments: string }[];
  /** Context given with the question (retrieved passages), when recorded. */
  context?: string;
  /** The harness's verdicts. */
  verdicts: RecordedVerdict[];
}

/** The answers read from one harness file. */
export interface HarnessAnswers {
  /** The harness. */
  harness: HarnessName;
  /** The file's name. */
  source: string;
  /** The model(s) named in the file. */
  models: string[];
  /** One per case × version × epoch. */
  answers: HarnessAnswer[];
  /** Records that could not be read. */
  problems: HarnessProblem[];
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return arr(content).map((part) => text(obj(part)?.text) ?? "").join("");
}

const REFERENCE_ASSERTIONS = new Set(["equals", "contains", "icontains", "starts-with", "similar"]);

function promptfooReferences(result: Obj): string[] {
  const test = obj(result.testCase);
  const refs = arr(test?.assert)
    .map((a) => obj(a))
    .filter((a) => a && REFERENCE_ASSERTIONS.has(String(a.type)) && typeof a.value === "string")
    .map((a) => a!.value as string);
  return [...new Set(refs)];
}

function promptfooAnswers(results: unknown[], out: HarnessAnswers): void {
  const described = new Map<number, string | undefined>();
  const versions = new Set<string>();
  const kept: { result: Obj; row: number; testIdx: number; version: string }[] = [];
  results.forEach((value, i) => {
    const result = obj(value);
    if (!result) {
      out.problems.push({
        code: "unreadable",
        row: i + 1,
        message: `result ${i + 1} is not an object`,
      });
      return;
    }
    const testIdx = typeof result.testIdx === "number" ? result.testIdx : i;
    const description = text(obj(result.testCase)?.description) ?? text(result.description);
    if (described.get(testIdx) === undefined) described.set(testIdx, description);
    const provider = obj(result.provider);
    const version = text(provider?.label) ?? text(provider?.id) ?? text(result.provider) ?? "";
    const prompt = text(obj(result.prompt)?.label) ?? "";
    versions.add(`${version} ${prompt}`);
    kept.push({ result, row: i + 1, testIdx, version: `[${version}] ${prompt}` });
  });
  const name = promptfooCaseNamer(described);
  for (const { result, row, testIdx, version } of kept) {
    const audit = promptfooRow(result, row, version);
    const response = obj(result.response);
    const output = response?.output;
    const grading = obj(result.gradingResult);
    const provider = text(obj(result.provider)?.id) ?? text(result.provider);
    if (provider && !out.models.includes(provider)) out.models.push(provider);
    out.answers.push({
      id: versions.size > 1 ? `${name(testIdx)} ${version}` : name(testIdx),
      question: text(obj(result.prompt)?.raw) ?? "",
      answer: audit.error !== undefined
        ? null
        : typeof output === "string"
        ? output
        : output === undefined || output === null
        ? ""
        : JSON.stringify(output),
      ...(audit.error !== undefined ? { error: audit.error } : {}),
      references: promptfooReferences(result),
      ...(text(response?.finishReason) ? { finishReason: text(response?.finishReason) } : {}),
      ...(typeof result.latencyMs === "number" ? { latencyMs: result.latencyMs } : {}),
      verdicts: audit.error !== undefined ? [] : [{
        name: "assertions",
        pass: audit.pass,
        score: typeof audit.score === "number" && Number.isFinite(audit.score) ? audit.score : null,
        ...(text(grading?.reason) ? { reason: text(grading?.reason) } : {}),
      }],
    });
  }
}

function inspectQuestion(input: unknown): string {
  if (typeof input === "string") return input;
  const user = arr(input).map(obj).filter((m) => m?.role === "user").pop();
  return user ? contentText(user.content) : "";
}

function inspectAnswer(sample: Obj, epochs: boolean, version: string): HarnessAnswer {
  const rows = inspectSampleRows(sample, 0, version, [], new Map());
  const choice = obj(arr(obj(sample.output)?.choices)[0]);
  const message = obj(choice?.message);
  const error = sampleError(sample);
  const scores = obj(sample.scores) ?? {};
  const target = sample.target;
  const seconds = obj(sample.output)?.time;
  const toolCalls = arr(message?.tool_calls).map(obj).filter((c) => c !== undefined).map((c) => ({
    name: text(c!.function) ?? "",
    arguments: JSON.stringify(c!.arguments ?? {}),
  }));
  return {
    id: `${text(sample.id) ?? ""}${epochs ? ` #${sample.epoch ?? 1}` : ""}`,
    question: inspectQuestion(sample.input),
    answer: error !== undefined ? null : contentText(message?.content),
    ...(error !== undefined ? { error } : {}),
    references: Array.isArray(target) ? target.map(String) : target == null ? [] : [String(target)],
    ...(text(choice?.stop_reason) ? { finishReason: text(choice?.stop_reason) } : {}),
    ...(typeof seconds === "number" ? { latencyMs: seconds * 1000 } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    verdicts: error !== undefined
      ? []
      : rows.filter((r) => r.grader !== "(no scorer)").map((r) => ({
        name: r.grader,
        pass: r.pass,
        score: typeof r.score === "number" && Number.isFinite(r.score) ? r.score : null,
        ...(text(obj(scores[r.grader])?.explanation)
          ? { reason: text(obj(scores[r.grader])?.explanation) }
          : {}),
      })),
  };
}

async function inspectSamples(zip: ZipArchive): Promise<{ header: Obj; samples: unknown[] }> {
  const headerName = zip.entry("header.json") ? "header.json" : "_journal/start.json";
  const header = obj(parseJson(await zip.readText(headerName))) ?? {};
  const names = zip.entries.map((e) => e.name).filter((n) => /^samples\/.+\.json$/.test(n)).sort();
  const samples: unknown[] = [];
  for (const n of names) samples.push(parseJson(await zip.readText(n)));
  return { header, samples };
}

function inspectAnswers(header: Obj, samples: unknown[], out: HarnessAnswers): void {
  const version = inspectVersion(header);
  const model = text(obj(header.eval)?.model);
  if (model) out.models.push(model);
  const objs = samples.map(obj);
  const epochs = objs.some((s) => typeof s?.epoch === "number" && s.epoch > 1);
  objs.forEach((sample, i) => {
    if (!sample) {
      out.problems.push({
        code: "unreadable",
        row: i + 1,
        message: `sample ${i + 1} is not an object`,
      });
      return;
    }
    out.answers.push(inspectAnswer(sample, epochs, version));
  });
}

function deepEvalAnswers(doc: Obj, out: HarnessAnswers): void {
  const run = obj(doc.testRunData) ?? doc;
  arr(run.testCases).forEach((value, i) => {
    const c = obj(value);
    if (!c) {
      out.problems.push({
        code: "unreadable",
        row: i + 1,
        message: `test case ${i + 1} is not an object`,
      });
      return;
    }
    const context = [...arr(c.retrievalContext), ...arr(c.context)].map(String);
    const tools = arr(c.toolsCalled).map(obj).filter((t) => t !== undefined).map((t) => ({
      name: text(t!.name) ?? "",
      arguments: JSON.stringify(t!.inputParameters ?? {}),
    }));
    out.answers.push({
      id: text(c.name) ?? `#${typeof c.order === "number" ? c.order : i}`,
      question: text(c.input) ?? "",
      answer: text(c.actualOutput) ?? "",
      references: text(c.expectedOutput) ? [text(c.expectedOutput)!] : [],
      ...(context.length > 0 ? { context: context.join("\n\n") } : {}),
      ...(tools.length > 0 ? { toolCalls: tools } : {}),
      verdicts: arr(c.metricsData).map(obj).filter((m) => m !== undefined).map((m) => ({
        name: text(m!.name) ?? "metric",
        pass: m!.error ? null : typeof m!.success === "boolean" ? m!.success : null,
        score: typeof m!.score === "number" ? m!.score : null,
        ...(text(m!.reason) ?? text(m!.error) ? { reason: text(m!.reason) ?? text(m!.error) } : {}),
      })),
    });
  });
  const model = text(run.model) ?? text(obj(run.hyperparameters)?.model);
  if (model) out.models.push(model);
}

const first = (values: Obj, names: readonly string[]) =>
  names.map((n) => values[n]).find((v) => v !== undefined && v !== null && v !== "");

/** A list cell: a list, or its JSON (or Python-looking) text in a CSV. */
function listCell(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [value];
  } catch {
    return [value];
  }
}

async function ragasAnswers(
  file: OpenedFile,
  look: FileLook,
  thresholds: Readonly<Record<string, number>>,
  out: HarnessAnswers,
): Promise<void> {
  let records: AsyncIterable<RagasRecord> | Iterable<RagasRecord>;
  if (look.shape === "json") {
    const doc = obj(look.value) ?? {};
    const layout = documentLayout(doc);
    records = documentRecords(doc, "kind" in layout ? layout.kind : "columns");
  } else {
    const format = look.shape === "csv"
      ? "csv"
      : look.shape === "json-lines"
      ? "jsonl"
      : "json-array";
    records = streamedRecords(file, format);
  }
  const seen = new Map<number, Obj>();
  async function* tap() {
    for await (const r of records) {
      if (r.values) seen.set(r.row, r.values);
      yield r;
    }
  }
  const draft = await adaptRagasTable(tap(), { name: file.name, thresholds });
  const byRow = new Map<number, { id: string; rows: typeof draft.rows }>();
  for (const row of draft.rows) {
    const entry = byRow.get(row.row) ?? { id: row.case, rows: [] };
    entry.rows.push(row);
    byRow.set(row.row, entry);
  }
  for (const refused of draft.refused) {
    out.problems.push({ code: refused.reason, row: refused.row, message: refused.message });
  }
  for (const [row, { id, rows }] of byRow) {
    const values = seen.get(row) ?? {};
    const reference = first(values, [
      "reference",
      "ground_truth",
      "ground_truths",
      "answer_ground_truth",
    ]);
    const context = listCell(first(values, ["retrieved_contexts", "contexts"]));
    const answer = first(values, ["response", "answer"]);
    out.answers.push({
      id,
      question: String(first(values, ["user_input", "question"]) ?? ""),
      answer: answer === undefined ? "" : String(answer),
      references: reference === undefined ? [] : listCell(reference),
      ...(context.length > 0 ? { context: context.join("\n\n") } : {}),
      verdicts: rows.map((r) => ({
        name: r.grader,
        pass: r.pass,
        score: typeof r.score === "number" && Number.isFinite(r.score) ? r.score : null,
      })),
    });
  }
}

/**
 * Read the answers a promptfoo export (JSON or JSON lines), an Inspect AI log (`.json` or
 * `.eval`) or a DeepEval test run recorded, with the harness's own verdicts. Other harness files
 * are refused with a message saying why (they record no answers to check, or are not read yet).
 *
 * @throws {TypeError} A file of another harness, or no harness file at all.
 *
 * @example A promptfoo JSON lines export with a failed case
 * ```ts
 * import { readHarnessAnswers } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const line = JSON.stringify({
 *   testIdx: 0, promptIdx: 0, success: false, score: 0, failureReason: 1,
 *   provider: { id: "openai:gpt-4o-mini" }, prompt: { raw: "Capital of Italy?", label: "Q" },
 *   response: { output: "Rome is the", finishReason: "length" },
 *   testCase: { assert: [{ type: "equals", value: "Rome" }] },
 * });
 * const read = await readHarnessAnswers({ text: line + "\n" + line.replace('"testIdx":0', '"testIdx":1') + "\n", name: "r.jsonl" });
 * assert.equal(read.harness, "promptfoo");
 * assert.deepEqual(read.answers[0].references, ["Rome"]);
 * assert.equal(read.answers[0].finishReason, "length");
 * assert.deepEqual(read.answers[0].verdicts[0].pass, false);
 * ```
 */
export async function readHarnessAnswers(
  source: HarnessSource,
  options: { name?: string; thresholds?: Readonly<Record<string, number>> } = {},
): Promise<HarnessAnswers> {
  const file = await openHarnessSource(source, options.name);
  try {
    const look = await lookAt(file);
    const detected = chooseHarness(look, file.name);
    const out: HarnessAnswers = {
      harness: detected.harness,
      source: file.name,
      models: [],
      answers: [],
      problems: [],
    };
    const doc = look.shape === "json" ? obj(look.value) : undefined;
    if (detected.harness === "promptfoo") {
      if (look.shape === "json-lines") {
        const results: unknown[] = [];
        for await (const { line, text: t } of readLines(file)) {
          if (t.trim() === "") continue;
          try {
            results.push(JSON.parse(t));
          } catch {
            out.problems.push({
              code: "unreadable-line",
              row: line,
              message: `line ${line} is not JSON`,
            });
          }
        }
        promptfooAnswers(results, out);
      } else {
        const results = obj(doc?.results);
        promptfooAnswers(arr(results?.results ?? doc?.results), out);
      }
    } else if (detected.harness === "inspect") {
      if (look.shape === "zip") {
        const { header, samples } = await inspectSamples(await openZip(file));
        inspectAnswers(header, samples, out);
      } else {
        const { samples, ...header } = doc ?? {};
        inspectAnswers(header, arr(samples), out);
      }
    } else if (
      detected.harness === "deepeval" && (isObj(doc?.testRunData) || "testCases" in (doc ?? {}))
    ) {
      deepEvalAnswers(doc!, out);
    } else if (detected.harness === "ragas") {
      await ragasAnswers(file, look, options.thresholds ?? {}, out);
    } else {
      throw new UserTypeError(
        `Cannot diagnose "${file.name}": it is a ${detected.harness} file (${detected.kind}), and ` +
          "verdict reads answers to diagnose from promptfoo exports, Inspect AI logs, DeepEval " +
          "test runs and Ragas tables (or its own answers file with the dataset)",
      );
    }
    return out;
  } finally {
    file.close();
  }
}
