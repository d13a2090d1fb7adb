/**
 * verdict: score results files with code graders, audit them for rows without a verdict, and
 * report honest pass rates — from a Deno Jupyter notebook, a `deno run` script or the command line
 * (`cli.ts`). Scoring and auditing read files only: `--allow-read` is all they need.
 *
 * A quick tour:
 *
 * - **Read** a results file (CSV, TSV, JSON lines, JSON array, `{"rows": [...]}`), streamed, with
 *   every row used or left out with one reason: {@link readResults}, {@link openResults}.
 * - **Score** it with the code graders of the registry ({@link GRADER_NAMES}), near misses named,
 *   BLEU, chrF and TER both as corpus figures and sentence means with their signatures:
 *   {@link score}, {@link gradePair}, the metric functions {@link sentenceBleu},
 *   {@link corpusBleu}, {@link sentenceChrf}, {@link corpusChrf}, {@link sentenceTer},
 *   {@link corpusTer}, {@link rougeN}, {@link rougeL}, {@link rougeLsum}, {@link tokenF1},
 *   {@link normalizedExactMatch}, each with sacreBLEU's, rouge-score's or SQuAD's options.
 * - **Audit** a results file, or a promptfoo, Inspect AI, lm-evaluation-harness, OpenAI Evals,
 *   DeepEval or Ragas file: rows without a verdict classified, the pass rate three ways with Wilson intervals and an
 *   envelope: {@link auditFile}, {@link auditHarnessFile}, {@link audit}, {@link auditCounts},
 *   {@link proportionInterval} (Wilson, Clopper-Pearson, Agresti-Coull, normal, Jeffreys).
 * - **Show** any report: in a notebook it displays itself (HTML tables, Plotly charts); elsewhere
 *   use `toText()`, `toHTML()` and `toJSON()`.
 *
 * @example Score the bundled example, then audit what the scoring wrote
 * ```ts
 * import { auditFile, score } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const scored = await Deno.makeTempFile({ suffix: ".csv" });
 * const report = await score("examples/returns-desk.jsonl", {
 *   graders: ["exact", "normalized", "bleu"],
 *   scored,
 * });
 * const exact = report.grader("exact", "returns-assistant-v3")!;
 * assert.equal(exact.graded, 40);
 * assert.ok(exact.nearMisses <= exact.failed);
 * assert.match(`${report.corpus.bleu!.signature}`, /tok:13a\|smooth:exp/);
 *
 * const audit = await auditFile(scored);
 * assert.equal(audit.group("returns-assistant-v3", "exact")?.counts.passed, exact.passed);
 * await Deno.remove(scored);
 * ```
 *
 * @module
 */
export * from "./lib/errors/mod.ts";
export * from "./lib/io/mod.ts";
export * from "./lib/text/mod.ts";
export * from "./lib/stats/mod.ts";
export * from "./lib/graders/mod.ts";
export * from "./lib/score/mod.ts";
export * from "./lib/audit/mod.ts";
export * from "./lib/harness/mod.ts";
export * from "./lib/eval/mod.ts";
export * from "./lib/render/mod.ts";
export * from "./lib/compare/mod.ts";
