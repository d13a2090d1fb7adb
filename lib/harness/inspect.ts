/**
 * Inspect AI logs → audit rows: `.json` logs and `.eval` zip logs (deflate or zstd members).
 * Each sample × epoch × scorer is a row; the version is `model (task)`. A sample with `error`
 * set is errored even when it carries scores; a NaN score value is unscored; grades are read as
 * Inspect's `value_to_float` reads them, and the raw grade is kept for the zeroing check. The
 * header's `results` (sample counts, scored/unscored counts, metric values) are declared figures.
 *
 * @module
 */
import type { AuditRow } from "../audit/types.ts";
import { parseJson } from "../io/nonfinite_json.ts";
import { finishDraft, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import {
  inspectChecks,
  inspectFigures,
  inspectPackageVersion,
  inspectVersion,
} from "./_inspect_header.ts";
import {
  declaredScorers,
  expandDictScorers,
  fillScorerless,
  inspectSampleRows,
} from "./_inspect_rows.ts";
import { arr, isObj, obj } from "./_values.ts";
import { MemberTooLarge, type ZipArchive } from "./zip.ts";
import { DEFAULT_READ_LIMITS, type ReadLimits, resolveReadLimits } from "../io/limits.ts";
import { nestsDeeper } from "../io/_json_record.ts";
import { UserSyntaxError } from "../errors/mod.ts";

/** One sample record as found in a log, with its 1-based position and where it came from. */
export interface InspectSampleRecord {
  /** 1-based position among the log's samples. */
  row: number;
  /** Where in the log (e.g. `samples[3]`, `samples/2_epoch_1.json`). */
  where: string;
  /** The parsed sample. */
  value?: unknown;
  /** Why the sample could not be read, when it could not. */
  unreadable?: string;
  /** Set when the sample was over the size limit for one record: why (it was not read). */
  tooLarge?: string;
}

/**
 * Adapt an Inspect log given as its header (the log without samples) and its samples. Samples
 * `undefined` means the log holds none (header only).
 *
 * @example A header with no samples is aggregate only
 * ```ts
 * import { adaptInspectLog } from "./inspect.ts";
 * import assert from "node:assert/strict";
 *
 * const draft = await adaptInspectLog({
 *   version: 2, status: "success", eval: { task: "t", model: "m" },
 *   results: { total_samples: 2, completed_samples: 2,
 *     scores: [{ name: "match", scorer: "match", metrics: { accuracy: { value: 0.5 } } }] },
 * }, undefined);
 * assert.equal(draft.aggregateOnly, true);
 * assert.deepEqual(draft.declared.map((d) => [d.metric, d.value]), [
 *   ["results.total_samples", 2], ["results.completed_samples", 2], ["accuracy", 0.5],
 * ]);
 * ```
 */
export async function adaptInspectLog(
  header: Record<string, unknown>,
  samples: AsyncIterable<InspectSampleRecord> | Iterable<InspectSampleRecord> | undefined,
): Promise<HarnessDraft> {
  const draft = newDraft("inspect", inspectPackageVersion(header));
  const version = inspectVersion(header);
  const scorers = declaredScorers(header);
  const dictKeys = new Map<string, Set<string>>();
  let rows: AuditRow[] | undefined;
  let retried = 0;
  let limited = 0;
  if (samples) {
    rows = [];
    for await (const record of samples) {
      if (record.tooLarge !== undefined) {
        refuse(draft, record.row, "too-large", `${record.where}: ${record.tooLarge}`);
        continue;
      }
      if (record.unreadable !== undefined || !isObj(record.value)) {
        const why = record.unreadable ?? "it is not a JSON object";
        refuse(draft, record.row, "unreadable", `${record.where}: ${why}`);
        continue;
      }
      const sample = record.value;
      if (
        arr(sample.error_retries).length > 0 ||
        (typeof sample.retries === "number" && sample.retries > 0)
      ) retried++;
      if (sample.limit !== undefined && sample.limit !== null) limited++;
      for (const item of inspectSampleRows(sample, record.row, version, scorers, dictKeys)) {
        rows.push(item);
      }
    }
    rows = fillScorerless(expandDictScorers(rows, dictKeys));
    for (const item of rows) draft.rows.push(item);
  }
  inspectFigures(draft, header, version);
  inspectChecks(draft, header, rows);
  if (retried > 0) {
    draft.harness.notes.push(
      `Samples retried after an error: ${retried}; only the final attempt is in the log.`,
    );
  }
  if (limited > 0) {
    draft.harness.notes.push(`Samples stopped at a limit (time, tokens, messages…): ${limited}.`);
  }
  return finishDraft(draft);
}

/**
 * Adapt an Inspect `.json` log (already parsed; bare NaN/Infinity read by `parseJson`).
 *
 * @example A one-sample log
 * ```ts
 * import { adaptInspectJson } from "./inspect.ts";
 * import assert from "node:assert/strict";
 *
 * const draft = await adaptInspectJson({
 *   version: 2, status: "success",
 *   eval: { task: "t", model: "m", packages: { inspect_ai: "0.3.95" } },
 *   results: { total_samples: 1, completed_samples: 1, scores: [] },
 *   samples: [{ id: 1, epoch: 1, scores: { match: { value: "C" } } }],
 * });
 * assert.deepEqual(draft.rows.map((r) => [r.case, r.version, r.grader, r.pass, r.rawGrade]), [
 *   ["1", "m (t)", "match", true, "C"],
 * ]);
 * assert.equal(draft.harness.version, "0.3.95");
 * ```
 */
export function adaptInspectJson(doc: Record<string, unknown>): Promise<HarnessDraft> {
  const { samples, ...header } = doc;
  if (samples === undefined) return adaptInspectLog(header, undefined);
  const list = arr(samples).map((value, i) => ({ row: i + 1, where: `samples[${i}]`, value }));
  return adaptInspectLog(header, list);
}

const SAMPLE_MEMBER = /^samples\/(.+)_epoch_(\d+)\.json$/;

function sampleOrder(a: string, b: string): number {
  const ma = SAMPLE_MEMBER.exec(a)!;
  const mb = SAMPLE_MEMBER.exec(b)!;
  const byId = ma[1].localeCompare(mb[1], "en", { numeric: true });
  return byId !== 0 ? byId : Number(ma[2]) - Number(mb[2]);
}

/** A member parsed as JSON; it may inflate to `limit` bytes (default: the record size limit). */
async function readMember(zip: ZipArchive, name: string, limit?: number): Promise<unknown> {
  const text = await zip.readText(name, { limit });
  const maxDepth = DEFAULT_READ_LIMITS.maxDepth;
  if (nestsDeeper(text, maxDepth)) {
    throw new UserSyntaxError(`member "${name}" nests deeper than ${maxDepth} levels (maxDepth)`);
  }
  try {
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new UserSyntaxError(`member "${name}" is not valid JSON (${error.message})`);
  }
}

/** A member the whole log depends on: a member that is not JSON makes the log unreadable. */
async function member(zip: ZipArchive, part: string, limit: number, log: string) {
  try {
    return await readMember(zip, part, limit);
  } catch (error) {
    if (!(error instanceof SyntaxError) || error.message.startsWith("Cannot")) throw error;
    throw new UserSyntaxError(`Cannot read Inspect log "${log}": ${error.message}`);
  }
}

async function* zipSamples(
  zip: ZipArchive,
  names: string[],
  limit: number,
): AsyncGenerator<InspectSampleRecord> {
  for (const [i, where] of names.entries()) {
    try {
      yield { row: i + 1, where, value: await readMember(zip, where, limit) };
    } catch (error) {
      // One sample too large for a record is left out alone; other failures of the archive
      // itself (its total past maxDecompressed) end the reading.
      if (error instanceof MemberTooLarge) {
        yield { row: i + 1, where, tooLarge: error.message };
        continue;
      }
      if (error instanceof RangeError) throw error;
      yield {
        row: i + 1,
        where,
        unreadable: error instanceof Error ? error.message : String(error),
      };
    }
  }
}

/**
 * Adapt an Inspect `.eval` log opened with {@link openZip}. Full samples come from
 * `samples/*.json`; a log without them falls back to the sample summaries.
 *
 * @example A two-member log built in memory
 * ```ts
 * import { adaptInspectEval, openZip } from "@verdict/verdict";
 * import { strToU8, zipSync } from "fflate";
 * import assert from "node:assert/strict";
 *
 * const bytes = zipSync({
 *   "header.json": strToU8('{"version": 2, "status": "success", "eval": {"task": "t", "model": "m"}}'),
 *   "samples/7_epoch_1.json": strToU8('{"id": 7, "epoch": 1, "scores": {"s": {"value": NaN}}}'),
 * });
 * const zip = await openZip({ name: "x.eval", size: bytes.length, close() {},
 *   readAt: (o: number, n: number) => Promise.resolve(bytes.subarray(o, o + n)) });
 * const draft = await adaptInspectEval(zip, "x.eval");
 * assert.equal(draft.rows[0].case, "7");
 * assert.ok(Number.isNaN(draft.rows[0].score));
 * ```
 */
export async function adaptInspectEval(
  zip: ZipArchive,
  name: string,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<HarnessDraft> {
  const recordLimit = resolveReadLimits(limits).maxRecordSize;
  const headerName = zip.entry("header.json") ? "header.json" : "_journal/start.json";
  if (!zip.entry(headerName)) {
    throw new UserSyntaxError(
      `Cannot read Inspect log "${name}": it has neither header.json nor _journal/start.json`,
    );
  }
  const header = obj(await member(zip, headerName, recordLimit, name)) ?? {};
  if (headerName !== "header.json" && header.status === undefined) header.status = "started";
  const names = zip.entries.map((e) => e.name).filter((n) => SAMPLE_MEMBER.test(n)).sort(
    sampleOrder,
  );
  let samples: AsyncIterable<InspectSampleRecord> | Iterable<InspectSampleRecord> | undefined;
  let note: string | undefined;
  if (names.length > 0) samples = zipSamples(zip, names, recordLimit);
  else {
    const journal = zip.entries.map((e) => e.name).filter((n) =>
      /^_journal\/summaries\/\d+\.json$/.test(n)
    )
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
    const parts = zip.entry("summaries.json") ? ["summaries.json"] : journal;
    const list: InspectSampleRecord[] = [];
    for (const part of parts) {
      for (const value of arr(await member(zip, part, recordLimit, name))) {
        list.push({ row: list.length + 1, where: part, value });
      }
    }
    if (parts.length > 0) {
      samples = list;
      note = `The log holds no full samples; rows were read from ${parts.join(", ")}.`;
    }
  }
  const draft = await adaptInspectLog(header, samples);
  if (headerName !== "header.json") {
    draft.harness.notes.unshift(
      "The log has no header.json (the run did not finish); its start record was read.",
    );
  }
  if (note) draft.harness.notes.unshift(note);
  return draft;
}
