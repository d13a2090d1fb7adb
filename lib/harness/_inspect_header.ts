// What an Inspect AI log header says about itself: version label, declared figures, and notes
// and problems about its status and counts.
import type { AuditRow } from "../audit/types.ts";
import type { Draft } from "./_draft.ts";
import { arr, fmt, type Obj, obj, text } from "./_values.ts";

const SPREAD = /stderr|^std$|^var$|variance/i;

/** The version label of an Inspect log: `model (task)`. */
export function inspectVersion(header: Obj): string {
  const spec = obj(header.eval) ?? {};
  const model = text(spec.model) ?? "unknown model";
  const task = text(spec.task);
  return task ? `${model} (${task})` : model;
}

/** The inspect_ai package version that wrote the log, when recorded. */
export function inspectPackageVersion(header: Obj): string | undefined {
  return text(obj(obj(header.eval)?.packages)?.inspect_ai);
}

/** Declared figures of `results`: sample counts, scored/unscored counts, and metric values. */
export function inspectFigures(draft: Draft, header: Obj, version: string): void {
  const results = obj(header.results);
  if (!results) return;
  for (const key of ["total_samples", "completed_samples"]) {
    if (typeof results[key] !== "number") continue;
    draft.declared.push({
      version,
      metric: `results.${key}`,
      value: results[key] as number,
      kind: "count",
      source: "results",
    });
  }
  arr(results.scores).forEach((entry, i) => {
    const score = obj(entry);
    if (!score) return;
    const scorer = text(score.scorer) ?? text(score.name) ?? `scores[${i}]`;
    const name = text(score.name) ?? scorer;
    const grader = name === scorer ? scorer : `${scorer}/${name}`;
    const reducer = text(score.reducer);
    const source = `results.scores[${i}]`;
    if (typeof score.scored_samples === "number") {
      draft.declared.push({
        version,
        grader,
        metric: "scored_samples",
        value: score.scored_samples,
        kind: "count",
        source,
      });
    }
    if (typeof score.unscored_samples === "number") {
      draft.harness.notes.push(
        `Unscored samples the log counts for ${grader}: ${score.unscored_samples}.`,
      );
    }
    for (const [key, m] of Object.entries(obj(score.metrics) ?? {})) {
      const value = obj(m)?.value;
      if (typeof value !== "number" || SPREAD.test(key)) continue;
      const metric = reducer ? `${key} (epochs reduced by ${reducer})` : key;
      if (Number.isFinite(value) && value >= 0 && value <= 1) {
        draft.declared.push({
          version,
          grader,
          metric,
          value,
          kind: "rate",
          source: `${source}.metrics.${key}`,
        });
      } else {
        draft.harness.notes.push(
          `The log declares ${grader} ${metric} = ${fmt(value)}, which is not a rate.`,
        );
      }
    }
  });
}

/** Notes and problems about the log's status and its counts compared with the rows read. */
export function inspectChecks(draft: Draft, header: Obj, rows: AuditRow[] | undefined): void {
  const status = text(header.status) ?? "unknown";
  const results = obj(header.results);
  const error = text(obj(header.error)?.message);
  draft.harness.notes.unshift(
    `Inspect log format version ${header.version ?? "?"}, status ${status}.`,
  );
  if (status === "cancelled") {
    draft.harness.notes.push("The run was cancelled: samples it never started are not in the log.");
  } else if (status === "started") {
    draft.harness.notes.push(
      "The log is of a run still going or one that crashed: it may lack samples.",
    );
  } else if (status === "error") {
    draft.harness.notes.push(
      `The run ended with an error${error ? `: ${error}` : " (no error recorded)"}.`,
    );
    const total = results?.total_samples;
    if (!error && typeof total === "number" && results?.completed_samples === total) {
      draft.problems.push({
        code: "header-inconsistent",
        row: 0,
        field: "status",
        message: `status is "error" but no error is recorded and completed_samples equals ` +
          `total_samples (${total})`,
      });
    }
  }
  const scores = arr(results?.scores).map(obj);
  if (scores.some((s) => typeof s?.unscored_samples === "number")) {
    draft.harness.notes.push(
      "This log counts scored_samples and unscored_samples per scorer: its metrics leave " +
        "NaN-scored samples out (scored only).",
    );
  } else if (scores.length > 0) {
    draft.harness.notes.push(
      "This log predates per-scorer scored/unscored counts; it does not record whether NaN " +
        "scores were left out of its metrics.",
    );
  }
  if (!rows) return;
  const attempts = new Set(rows.map((r) => `${r.case}\u0000${r.repeat}`));
  const completed = new Set(rows.filter((r) => !r.error).map((r) => `${r.case}\u0000${r.repeat}`));
  const total = results?.total_samples;
  if (typeof total === "number" && total !== attempts.size) {
    draft.problems.push({
      code: total > attempts.size ? "rows-missing" : "rows-extra",
      row: 0,
      field: "results.total_samples",
      message:
        `results.total_samples is ${total} but the log holds ${attempts.size} sample × epoch records`,
    });
  }
  const done = results?.completed_samples;
  if (typeof done === "number" && done !== completed.size) {
    draft.problems.push({
      code: "header-count-differs",
      row: 0,
      field: "results.completed_samples",
      message: `results.completed_samples is ${done} but ${completed.size} sample × epoch ` +
        `records have no error`,
    });
  }
}
