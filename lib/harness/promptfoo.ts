/**
 * promptfoo `-o` exports in JSON and JSON lines → audit rows. One row per prompt × provider ×
 * test; the version is `[provider] prompt label` (as promptfoo's CSV header writes it) and the
 * grader is the test's verdict over all its assertions. Errors come from `failureReason == 2`
 * only; a null score is a NaN grader score. `stats` is the declared figure, and a row that
 * `stats` counts but the JSON lacks is reported and kept as an attempt with no result.
 *
 * @module
 */
import { type Draft, jsonLines, newDraft, refuse } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import {
  collectResult,
  type Pending,
  PROMPTFOO_GRADER,
  promptfooPromptFigures,
  promptfooVersion,
  settlePromptfoo,
} from "./_promptfoo_rows.ts";
import { arr, type Obj, obj, text } from "./_values.ts";

export { PROMPTFOO_GRADER, promptfooVersion };

function versionFromPrompts(prompts: unknown[]) {
  return (result: Obj): string | undefined => {
    const p = typeof result.promptIdx === "number" ? obj(prompts[result.promptIdx]) : undefined;
    const provider = text(p?.provider);
    const label = text(p?.label) ?? text(p?.raw);
    return provider !== undefined && label !== undefined
      ? promptfooVersion(provider, label)
      : undefined;
  };
}

function statsFigures(draft: Draft, stats: Obj): number | undefined {
  const parts = [stats.successes, stats.failures, stats.errors];
  if (!parts.every((p) => typeof p === "number")) return undefined;
  const [successes, failures, errors] = parts as number[];
  const total = successes + failures + errors;
  draft.declared.push(
    { metric: "stats.successes", value: successes, kind: "count", source: "results.stats" },
    {
      metric: "stats.successes + failures + errors",
      value: total,
      kind: "count",
      source: "results.stats",
    },
  );
  draft.harness.notes.push(
    `stats: ${successes} successes, ${failures} failures, ${errors} errors (${total} in all).`,
  );
  if (total > 0) {
    draft.declared.push({
      grader: PROMPTFOO_GRADER,
      metric: "stats.successes / (successes + failures + errors)",
      value: successes / total,
      kind: "rate",
      source: "results.stats",
    });
  }
  return total;
}

function reportMissing(
  draft: Draft,
  counted: number,
  pending: Pending[],
  prompts: unknown[],
  versionOf: (r: Obj) => string | undefined,
): void {
  const held = pending.length;
  if (counted === held) return;
  // Missing results are listed one by one only when the stats are plausible: a file may claim
  // any count (1e400, a trillion), and the listing must stay as small as the file.
  const listable = Number.isSafeInteger(counted) && counted - held <= Math.max(1000, 10 * held);
  if (counted < held) {
    draft.problems.push({
      code: "rows-extra",
      row: 0,
      field: "results.stats",
      message: `stats count ${counted} results but the file holds ${held} rows`,
    });
    return;
  }
  const present = new Set(pending.map((p) => `${p.row.version}\u0000${p.testIdx}`));
  let tests = 0;
  for (const p of pending) tests = Math.max(tests, p.testIdx + 1);
  const missing: { promptIdx: number; testIdx: number; version: string | undefined }[] = [];
  for (let promptIdx = 0; listable && promptIdx < prompts.length; promptIdx++) {
    const version = versionOf({ promptIdx });
    for (let testIdx = 0; testIdx < tests; testIdx++) {
      if (!present.has(`${version}\u0000${testIdx}`)) missing.push({ promptIdx, testIdx, version });
      if (missing.length > counted - held) break; // already more than the stats allow
    }
  }
  if (!listable || missing.length !== counted - held) {
    draft.problems.push({
      code: "rows-missing",
      row: 0,
      field: "results.stats",
      message: `stats count ${counted} results but the file holds ${held} rows; ` +
        `which ${counted - held} are missing cannot be told from the file`,
    });
    return;
  }
  for (const m of missing) {
    const row = held + draft.problems.filter((p) => p.code === "row-missing").length + 1;
    draft.problems.push({
      code: "row-missing",
      row,
      field: "results.results",
      message: `promptIdx ${m.promptIdx}, testIdx ${m.testIdx} is counted in stats but absent ` +
        `from the file; it is kept as an attempt with no score, no verdict and no error`,
    });
    pending.push({
      testIdx: m.testIdx,
      row: {
        row,
        case: "",
        version: m.version,
        repeat: 0,
        grader: PROMPTFOO_GRADER,
        score: null,
        pass: null,
        binary: true,
      },
    });
  }
}

/**
 * Read a promptfoo JSON export (`promptfoo eval -o results.json`).
 *
 * @example Read a two-row export
 * ```ts
 * import { adaptPromptfooExport } from "./promptfoo.ts";
 * import assert from "node:assert/strict";
 *
 * const r = (testIdx: number, success: boolean, failureReason: number) => ({
 *   promptIdx: 0, testIdx, success, failureReason, score: success ? 1 : 0,
 *   provider: { id: "p", label: "p" }, prompt: { label: "Q: {{q}}" },
 *   testCase: { description: `t${testIdx}` },
 * });
 * const draft = adaptPromptfooExport({
 *   metadata: { promptfooVersion: "0.123.1" },
 *   results: {
 *     prompts: [{ provider: "p", label: "Q: {{q}}" }],
 *     results: [r(0, true, 0), r(1, false, 2)],
 *     stats: { successes: 1, failures: 0, errors: 1 },
 *   },
 * });
 * assert.deepEqual(draft.rows.map((x) => [x.case, x.version, x.pass, x.error !== undefined]), [
 *   ["t0", "[p] Q: {{q}}", true, false],
 *   ["t1", "[p] Q: {{q}}", null, true],
 * ]);
 * ```
 */
export function adaptPromptfooExport(doc: Record<string, unknown>): HarnessDraft {
  const results = obj(doc.results) ?? {};
  const draft = newDraft("promptfoo", text(obj(doc.metadata)?.promptfooVersion));
  const prompts = arr(results.prompts);
  const versionOf = versionFromPrompts(prompts);
  const pending: Pending[] = [];
  const described = new Map<number, string | undefined>();
  arr(results.results).forEach((value, i) => {
    if (!collectResult(value, i + 1, pending, described, versionOf)) {
      refuse(draft, i + 1, "not-an-object", `results.results[${i}] is not an object`);
    }
  });
  const configTests = arr(obj(doc.config)?.tests);
  configTests.forEach((t, i) => {
    if (described.get(i) === undefined) described.set(i, text(obj(t)?.description));
  });
  const stats = obj(results.stats);
  const counted = stats ? statsFigures(draft, stats) : undefined;
  promptfooPromptFigures(draft, prompts);
  if (counted !== undefined) reportMissing(draft, counted, pending, prompts, versionOf);
  return settlePromptfoo(draft, pending, described);
}

/**
 * Read a promptfoo JSON lines export (`promptfoo eval -o results.jsonl`): one result per line.
 * It carries no stats and no promptfoo version.
 *
 * @example Read two lines, one of them a NaN grader score written as null
 * ```ts
 * import { adaptPromptfooJsonl } from "./promptfoo.ts";
 * import assert from "node:assert/strict";
 *
 * const line = (testIdx: number, score: number | null) => JSON.stringify({
 *   promptIdx: 0, testIdx, success: score === 1, failureReason: score === 1 ? 0 : 1, score,
 *   provider: { id: "p" }, prompt: { label: "Q" },
 * });
 * async function* lines() {
 *   yield { line: 1, text: line(0, 1) };
 *   yield { line: 2, text: line(1, null) };
 * }
 * const draft = await adaptPromptfooJsonl(lines());
 * assert.equal(draft.rows[0].score, 1);
 * assert.ok(Number.isNaN(draft.rows[1].score));
 * assert.equal(draft.rows[1].case, "#1");
 * ```
 */
export async function adaptPromptfooJsonl(
  lines: AsyncIterable<{ line: number; text: string }>,
): Promise<HarnessDraft> {
  const draft = newDraft("promptfoo");
  const pending: Pending[] = [];
  const described = new Map<number, string | undefined>();
  for await (const { line, value } of jsonLines(draft, lines)) {
    if (!collectResult(value, line, pending, described)) {
      refuse(draft, line, "not-an-object", `line ${line} is not a JSON object`);
    }
  }
  draft.harness.notes.push(
    "promptfoo's JSON lines export carries no stats and no promptfoo version, so there is no " +
      "declared figure to match.",
  );
  return settlePromptfoo(draft, pending, described);
}
