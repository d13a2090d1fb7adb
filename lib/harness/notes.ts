/**
 * Harness notes (A7): what each supported harness does with rows that ended without a verdict,
 * and how its own headline number is built, with the version each note was checked against.
 * File-specific notes (the version that wrote the file, what its header says) are added by the
 * adapters; these are the standing ones. `docs/harness.md` says the same at more length.
 *
 * @module
 */
import type { HarnessName } from "./types.ts";

/** The standing notes of one harness. */
export interface HarnessNoteSet {
  /** The harness's full name. */
  title: string;
  /** What the notes were checked against. */
  checkedAgainst: string;
  /** The notes, one sentence or a few each. */
  notes: readonly string[];
}

/** Standing notes for every supported harness. */
export const HARNESS_NOTES: Readonly<Record<HarnessName, HarnessNoteSet>> = {
  promptfoo: {
    title: "promptfoo",
    checkedAgainst: "exports written by promptfoo 0.123.1 and the ResultFailureReason enum in " +
      "promptfoo's source (0 none, 1 assertion, 2 error)",
    notes: [
      "success is false both when an assertion fails and when the provider errors; only " +
      "failureReason tells them apart (1 assertion, 2 error). The error text is also filled on " +
      "assertion failures, so verdict never reads errors from it.",
      "An errored row is written with score 0 and no grading result; verdict keeps that 0 as the " +
      "raw grade but gives the row no score.",
      "A grader that returns NaN is written with a null score (kept here as a NaN score). In " +
      "0.123.1 such a row could not be saved, so the JSON and CSV exports lack it while stats " +
      "still count it; the JSON lines export keeps it.",
      "A JavaScript assertion that throws is recorded as a failed assertion whose reason starts " +
      '"Custom function threw error"; verdict marks it as an unparsed grade. An empty output is ' +
      "an ordinary assertion failure.",
      "stats count successes, failures and errors apart. The declared rate is successes ÷ " +
      "(successes + failures + errors): errors stay in the denominator, the all-attempted " +
      "reading. Per prompt, metrics.score is a sum of row scores, not a rate.",
    ],
  },
  inspect: {
    title: "Inspect AI",
    checkedAgainst: "value_to_float in inspect_ai/scorer/_metric.py (source at commit 03ed3dda), " +
      "CHANGELOG 0.3.223, and logs written by inspect_ai 0.3.42 to 0.3.208",
    notes: [
      "A NaN score value is Inspect's sign for an unscored sample (Score.unscored). Logs that " +
      "carry scored_samples and unscored_samples per scorer left NaN samples out of the " +
      "metrics: the scored-only reading.",
      "value_to_float (used by accuracy and mean) turns C into 1, P into 0.5, I and N into 0, " +
      "casts numbers and booleans, reads yes/no/true/false and numeric strings, and returns 0 " +
      "with only a logged warning for anything else (lists, dicts, unknown text); since 0.3.223 " +
      'the strings "nan" and "inf" are among those zeroed. An unreadable grade therefore counts ' +
      "as a failure; the raw grade is kept for the zeroing check.",
      "A sample with error set is errored even when it also carries scores (score_on_error, or " +
      "a scorer that ran before another raised). completed_samples leaves errored samples out.",
      "Metrics reduce each sample's epochs first (mean by default), so accuracy weighs every " +
      "sample once; verdict keeps one row per sample × epoch.",
    ],
  },
  "lm-eval": {
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
  "openai-evals": {
    title: "OpenAI Evals API",
    checkedAgainst: "the examples and schemas of openai-openapi openapi.json at commit f85dbe22, " +
      "and promptfoo's importer fixtures for the dashboard export",
    notes: [
      "result_counts keep passed, failed and errored apart; the declared rate is passed ÷ " +
      "total, with errored items in the denominator (all attempted).",
      "An output item whose sample.error is set is errored. The list endpoint's status filter " +
      "takes only pass or fail, so a filtered export leaves errored items out, and a page with " +
      "has_more true is not the whole run.",
      "According to OpenAI's graders guide (as summarised in verdict's product notes, not " +
      "re-checked here), score_model graders give 0 to non-numeric model output and python " +
      "graders give 0 when the script raises: such rows look like real failures.",
    ],
  },
};

/**
 * The standing notes of a harness, each ending with what it was checked against.
 *
 * @example Notes for promptfoo
 * ```ts
 * import { harnessNotes } from "./notes.ts";
 * import assert from "node:assert/strict";
 *
 * const notes = harnessNotes("promptfoo", "0.123.1");
 * assert.equal(notes[0], "File written by promptfoo 0.123.1.");
 * assert.ok(notes.some((n) => n.includes("failureReason")));
 * assert.match(notes.at(-1)!, /^Checked against/);
 * ```
 */
export function harnessNotes(name: HarnessName, fileVersion?: string): string[] {
  const set = HARNESS_NOTES[name];
  const written = fileVersion
    ? [`File written by ${set.title} ${fileVersion}.`]
    : [`The file does not record which ${set.title} version wrote it.`];
  return [...written, ...set.notes, `Checked against ${set.checkedAgainst}.`];
}
