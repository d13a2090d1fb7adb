// The DeepEval entry of the harness registry: test runs (wrapped, bare, link-only) and caches.
import type { FileLook, HarnessAdapter } from "./adapter.ts";
import { isObj, type Obj, obj } from "./_values.ts";
import { adaptDeepEvalCache, adaptDeepEvalRun } from "./deepeval.ts";

function isRun(doc: Obj | undefined): boolean {
  return doc !== undefined &&
    (Array.isArray(doc.testCases) || Array.isArray(doc.conversationalTestCases));
}

function kindOf(look: FileLook): string | undefined {
  const doc = look.shape === "json" ? obj(look.value) : undefined;
  if (!doc) return undefined;
  if (isRun(obj(doc.testRunData))) return "latest-test-run";
  if (typeof doc.testRunLink === "string") return "link";
  if (isRun(doc)) return "test-run";
  if (isObj(doc.test_cases_lookup_map)) return "cache";
  if (isObj(doc.testCasesLookupMap)) return "legacy-cache";
  return undefined;
}

/** DeepEval in the harness registry. */
export const DEEPEVAL: HarnessAdapter = {
  title: "DeepEval",
  aliases: [],
  reads: "a DeepEval test run or cache (.deepeval/*.json)",
  shapes: ["json"],
  takesThresholds: false,
  sniff(look) {
    const kind = kindOf(look);
    return kind ? { kind } : {
      miss: "no testRunData, testRunLink, testCases list or test-case cache map",
    };
  },
  fits(look) {
    const doc = look.shape === "json" ? obj(look.value) : undefined;
    return doc !== undefined && (isObj(doc.testRunData) || "testCases" in doc);
  },
  read(_file, look, context) {
    const doc = look.shape === "json" ? obj(look.value) ?? {} : {};
    const label = context.name.split(/[\\/]/).pop() || context.name;
    const cache = context.kind === "cache" || context.kind === "legacy-cache";
    return Promise.resolve(
      cache ? adaptDeepEvalCache(doc, { label }) : adaptDeepEvalRun(doc, { label }),
    );
  },
  notes: {
    title: "DeepEval",
    checkedAgainst: "deepeval's TestRun, MetricData and cache models, construct_metrics_scores " +
      "and the metrics' is_successful (source at 4.1.10, as described in verdict's fixture " +
      "notes; the lower-is-better rule re-read in the Bias and Toxicity metrics), and files " +
      "written by deepeval 0.20.97, 4.0.3 and 4.2.7",
    notes: [
      "Each test case × metric is an attempt. A metric's success flag is DeepEval's own verdict " +
      "and is used as written, never recomputed from score and threshold: Hallucination, Bias, " +
      "Toxicity and Misuse pass at or below their threshold, and a custom metric may use any rule.",
      "A metric with error set is errored. DeepEval keeps going after a metric raises only when " +
      "told to ignore errors (ErrorConfig(ignore_errors=True) or deepeval test run -i); it then " +
      "writes success false and no score, so one errored metric fails its whole test case, and " +
      "testFailed counts that case as a failure.",
      "metricsScores count passes, fails and errors per metric (a row with no score or no " +
      "success, a metric without a threshold included, is an error there); the printed " +
      "per-metric pass rate is passes over all of a metric's rows, errors included: the " +
      "all-attempted reading.",
      "A NaN score is written as a bare NaN token with success false (NaN never clears a " +
      "threshold), so DeepEval counts it as a failure; here it is a NaN score, unscored.",
      "The cache (.deepeval-cache.json) keeps only metrics that finished without error, gathered " +
      "over runs: it is not the record of one run, and its errored attempts are missing.",
    ],
  },
};
