/**
 * lm-evaluation-harness `results_<date>.json` → declared figures (one per task and
 * `metric,filter`), with group entries marked and `"N/A"` stderrs noted. It holds no rows.
 *
 * @module
 */
import { finishDraft, newDraft } from "./_draft.ts";
import type { HarnessDraft } from "./types.ts";
import { lmEvalFigures, lmEvalModel, lmEvalVersion } from "./_lm_eval_meta.ts";

/**
 * Read a results file: no rows, only declared figures.
 *
 * @example Figures of one task, its stderr and its group left aside
 * ```ts
 * import { adaptLmEvalResults } from "./lm_eval_results.ts";
 * import assert from "node:assert/strict";
 *
 * const draft = adaptLmEvalResults({
 *   lm_eval_version: "0.4.8", model_name: "m",
 *   results: { t: { alias: "t", "acc,none": 0.45, "acc_stderr,none": "N/A" } },
 *   "n-samples": { t: { original: 100, effective: 20 } },
 * });
 * assert.equal(draft.aggregateOnly, true);
 * assert.deepEqual(draft.declared.map((d) => [d.grader, d.value, d.kind]), [
 *   ["acc,none", 0.45, "rate"], [undefined, 20, "count"],
 * ]);
 * ```
 */
export function adaptLmEvalResults(doc: Record<string, unknown>): HarnessDraft {
  const draft = newDraft("lm-eval", lmEvalVersion(doc));
  const version = lmEvalModel(doc) ?? "unknown model";
  const figures = lmEvalFigures(doc, version);
  for (const item of figures.declared) draft.declared.push(item);
  for (const item of figures.notes) draft.harness.notes.push(item);
  return finishDraft(draft);
}
