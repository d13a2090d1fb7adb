/**
 * The settings of SQuAD exact match and token F1: which script's rules (v1.1 or v2.0) and which
 * normalization steps.
 *
 * @module
 */

import { SQUAD_STEPS } from "../text/mod.ts";
import type { OptionsOf, OptionsSchema } from "./options.ts";

/**
 * SQuAD's settings as data: the options schema of the `normalized` and `token-f1` graders, also
 * checked by `normalizedExactMatch` and `tokenF1`.
 */
export const SQUAD_OPTIONS = {
  version: {
    type: "enum",
    values: [1, 2],
    default: 1,
    help: "the evaluation script's rules: 1 (v1.1) or 2 (v2.0: a row without a reference is a " +
      "question with no answer, which an empty output answers)",
  },
  steps: {
    type: "list",
    values: SQUAD_STEPS,
    default: SQUAD_STEPS,
    help: "which SQuAD normalization steps run (always in the script's order)",
  },
} as const satisfies OptionsSchema;

/** Options of `tokenF1` and `normalizedExactMatch`: `{ version?: 1 | 2, steps? }`. */
export type SquadOptions = Partial<OptionsOf<typeof SQUAD_OPTIONS>>;

/** Every SQuAD setting decided. */
export type SquadSettings = OptionsOf<typeof SQUAD_OPTIONS>;
