/**
 * The settings of the ROUGE graders, as rouge-score names them (`use_stemmer`,
 * `split_summaries`).
 *
 * @module
 */

import type { OptionsSchema } from "./options.ts";

/** The ROUGE-1, ROUGE-2 and ROUGE-L graders' settings: `stemmer`. */
export const ROUGE_OPTIONS = {
  stemmer: {
    type: "boolean",
    default: false,
    help: "Porter-stem tokens longer than three characters (rouge-score's use_stemmer)",
  },
} as const satisfies OptionsSchema;

/** The ROUGE-Lsum grader's settings: `stemmer` and `splitSummaries`. */
export const ROUGE_LSUM_OPTIONS = {
  ...ROUGE_OPTIONS,
  splitSummaries: {
    type: "boolean",
    default: false,
    help: "cut texts into sentences with a Punkt splitter instead of at newlines " +
      "(rouge-score's split_summaries)",
  },
} as const satisfies OptionsSchema;
