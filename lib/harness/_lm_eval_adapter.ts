// The lm-evaluation-harness entry of the harness registry: `results_<date>.json` and
// `samples_<task>_<date>.jsonl` (with the results file beside it, when there is one).
import { parseJson } from "../io/nonfinite_json.ts";
import type { FileLook, HarnessAdapter } from "./adapter.ts";
import { documentAsLine } from "./_look.ts";
import { readLines } from "./_source.ts";
import { isObj, type Obj, obj } from "./_values.ts";
import { adaptLmEvalSamples, type LmEvalSamplesContext, lmEvalSamplesName } from "./lm_eval.ts";
import { adaptLmEvalResults } from "./lm_eval_results.ts";
import { UserTypeError } from "../errors/mod.ts";

const RESULTS_KEYS = ["configs", "versions", "n-samples", "group_subtasks", "higher_is_better"];

function isSamplesLine(record: unknown): boolean {
  return isObj(record) && "doc_id" in record && "filter" in record &&
    Array.isArray(record.metrics);
}

function isResults(look: FileLook): boolean {
  const doc = look.shape === "json" ? obj(look.value) : undefined;
  const results = obj(doc?.results);
  const metricKeys = results !== undefined &&
    Object.values(results).some((entry) =>
      isObj(entry) && Object.keys(entry).some((k) => /^[^,]+,[^,]*$/.test(k))
    );
  return metricKeys && RESULTS_KEYS.some((k) => k in doc!);
}

/** The task from the file name, and the results file of the same run beside it, if readable. */
async function samplesContext(name: string, path: string | undefined) {
  const base = name.split(/[\\/]/).pop() ?? name;
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

/** lm-evaluation-harness in the harness registry. */
export const LM_EVAL: HarnessAdapter = {
  title: "lm-evaluation-harness",
  aliases: ["lm_eval", "lm-evaluation-harness"],
  reads: "an lm-evaluation-harness results or samples file",
  shapes: ["json", "json-lines"],
  takesThresholds: false,
  sniff(look) {
    if (look.shape === "json-lines") {
      return isSamplesLine(look.first)
        ? { kind: "samples" }
        : { miss: "line 1 has no doc_id, filter and metrics list" };
    }
    if (isResults(look)) return { kind: "results" };
    if (look.shape === "json" && isSamplesLine(look.value)) return { kind: "samples" };
    return { miss: 'no results with "metric,filter" keys beside configs, versions or n-samples' };
  },
  fits(look) {
    if (look.shape === "json") return isObj(obj(look.value)?.results);
    return look.shape === "json-lines" && "doc_id" in look.first;
  },
  async read(file, look, context) {
    if (look.shape === "json-lines") {
      return adaptLmEvalSamples(readLines(file), await samplesContext(file.name, context.path));
    }
    if (look.shape !== "json") throw new UserTypeError(`lm-eval cannot read a ${look.shape} file`);
    return context.kind === "samples"
      ? adaptLmEvalSamples(documentAsLine(look.text))
      : adaptLmEvalResults(obj(look.value) as Obj);
  },
  notes: {
    title: "lm-evaluation-harness",
    checkedAgainst: "the per-filter logging loop of lm_eval/evaluator.py and files written by " +
      "lm_eval 0.4.8 and 0.4.13.dev0",
    notes: [
      "A samples file holds one line per document per filter; each metric,filter pair is its " +
      "own grader here. Repeats of one document sit inside that line's resps and are scored " +
      "after filtering, so every line is repeat 0.",
      "lm-eval has no unscored state: every logged document enters the task mean, so its " +
      "figures are the all-attempted reading. A per-row NaN or Infinity is written as a bare " +
      "token and makes the mean NaN or Infinity; verdict marks a per-row Infinity as an " +
      "unparsed grade.",
      "A 0 may stand for an answer the task could not read (eqbench writes percent_parseable 0 " +
      "beside it); verdict marks such rows unparsed. Corpus metrics (F1 over labels, BLEU) " +
      "store [gold, prediction] pairs per row and are not audited row by row.",
      'A stderr is the string "N/A" when it cannot be computed. Group entries in results ' +
      "aggregate their subtasks and are never counted as rows.",
    ],
  },
};
