// What an lm-evaluation-harness results document says: model, version, groups, figures.
import type { DeclaredFigure } from "../audit/types.ts";
import { arr, fmt, obj, text } from "./_values.ts";

/** The model a results file names: `model_name`, else `pretrained=` of model_args, else `model`. */
export function lmEvalModel(doc: Record<string, unknown>): string | undefined {
  const config = obj(doc.config) ?? {};
  const args = config.model_args;
  const pretrained = typeof args === "string"
    ? /(?:^|,)pretrained=([^,]+)/.exec(args)?.[1] ?? /(?:^|,)model=([^,]+)/.exec(args)?.[1]
    : text(obj(args)?.pretrained) ?? text(obj(args)?.model);
  return text(doc.model_name) ?? pretrained ?? text(config.model);
}

/** The lm_eval version recorded, else its git hash. */
export function lmEvalVersion(doc: Record<string, unknown>): string | undefined {
  const version = text(doc.lm_eval_version);
  if (version) return version;
  const hash = text(doc.git_hash);
  return hash ? `(version not recorded; git ${hash})` : undefined;
}

/** Names of group entries (aggregates of subtasks) among `results`. */
export function lmEvalGroups(doc: Record<string, unknown>): Set<string> {
  const groups = new Set(Object.keys(obj(doc.groups) ?? {}));
  for (const [name, subtasks] of Object.entries(obj(doc.group_subtasks) ?? {})) {
    if (arr(subtasks).length > 0) groups.add(name);
  }
  return groups;
}

/** What the figures of one results file say, for one task or all of them. */
export interface LmEvalFigures {
  /** The declared figures. */
  declared: DeclaredFigure[];
  /** Sentences about values that are not rates, N/A stderrs and groups. */
  notes: string[];
}

/** Declared figures of a results document, for `onlyTask` or every task. */
export function lmEvalFigures(
  doc: Record<string, unknown>,
  version: string,
  onlyTask?: string,
): LmEvalFigures {
  const out: LmEvalFigures = { declared: [], notes: [] };
  const groups = lmEvalGroups(doc);
  let unavailable = 0;
  for (const [task, entry] of Object.entries(obj(doc.results) ?? {})) {
    if (onlyTask !== undefined && task !== onlyTask) continue;
    const group = groups.has(task);
    for (const [key, value] of Object.entries(obj(entry) ?? {})) {
      if (!key.includes(",")) continue;
      if (/_stderr,/.test(key)) {
        if (value === "N/A") unavailable++;
        continue;
      }
      const label = group ? `${key} (group ${task}, aggregated over its subtasks)` : key;
      if (typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1) {
        out.declared.push({
          version,
          grader: key,
          metric: label,
          value,
          kind: "rate",
          source: `results[${task}][${key}]`,
        });
      } else {
        const shown = typeof value === "number" ? fmt(value) : JSON.stringify(value);
        out.notes.push(`${task} declares ${label} = ${shown}, which is not a rate.`);
      }
    }
    const n = obj(obj(doc["n-samples"])?.[task]);
    if (typeof n?.effective === "number") {
      out.declared.push({
        version,
        metric: "n-samples.effective",
        value: n.effective,
        kind: "count",
        source: `n-samples[${task}]`,
      });
    }
  }
  if (unavailable > 0) {
    out.notes.push(
      `Stderr values that are "N/A" (not computable for that metric): ${unavailable}.`,
    );
  }
  if (groups.size > 0 && onlyTask === undefined) {
    out.notes.push(`Group entries (${[...groups].join(", ")}) aggregate their subtasks.`);
  }
  return out;
}
