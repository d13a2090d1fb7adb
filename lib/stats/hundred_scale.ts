/**
 * Which graders' scores people read on sacreBLEU's 0–100 scale (BLEU, chrF, TER): the graders
 * with a corpus figure. The grader registry owns that fact (`CORPUS_GRADERS`) and checks at
 * compile time that this list is exactly its corpus graders; the list lives here, below the
 * graders, so that jobs which never load them (the audit) show those scores the same way.
 *
 * @module
 */

/**
 * The graders whose scores text, HTML and notebook views show on the 0–100 scale (JSON and scored
 * files keep fractions).
 *
 * @example BLEU, chrF and TER
 * ```ts
 * import { HUNDRED_SCALE_GRADERS } from "./hundred_scale.ts";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(HUNDRED_SCALE_GRADERS, ["bleu", "chrf", "ter"]);
 * ```
 */
export const HUNDRED_SCALE_GRADERS = ["bleu", "chrf", "ter"] as const;

/**
 * Whether a grader's scores read on the 0–100 scale in views for people.
 *
 * @example BLEU yes, token F1 no
 * ```ts
 * import { readsOnHundred } from "./hundred_scale.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(readsOnHundred("bleu"), true);
 * assert.equal(readsOnHundred("token-f1"), false);
 * ```
 */
export function readsOnHundred(grader: string): boolean {
  return (HUNDRED_SCALE_GRADERS as readonly string[]).includes(grader);
}
