/**
 * The causes of a miss: `INFRA` (the call failed) and F1–F14 (the model's failures), in one
 * registry. Reports, the judge's prompt and docs/causes.md all derive from it.
 *
 * @module
 */

/** The cause ids, in the order a miss's main cause is chosen (the first found wins). */
export const CAUSE_IDS = [
  "INFRA",
  "F11",
  "F1",
  "F9",
  "F3",
  "F2",
  "F14",
  "F12",
  "F10",
  "F8",
  "F4",
  "F5",
  "F6",
  "F7",
  "F13",
] as const;

/** A cause id: `INFRA` or `F1`…`F14`. */
export type CauseId = typeof CAUSE_IDS[number];

/** How a cause is found. */
export type CauseDetection = "call" | "live" | "metric" | "judge";

/** One cause of the registry. */
export interface CauseInfo {
  /** A short title (`Truncation`). */
  title: string;
  /** What it means, in one sentence. */
  definition: string;
  /** How verdict finds it: the call failed, a free live check, a metric's verdict, or the judge. */
  detection: readonly CauseDetection[];
}

/** Every cause, keyed by id. */
export const CAUSES: Readonly<Record<CauseId, CauseInfo>> = {
  INFRA: {
    title: "Failed call",
    definition:
      "The call failed (timeout, server error, rate limit after the retries, malformed reply): not the model's miss.",
    detection: ["call"],
  },
  F1: {
    title: "Truncation",
    definition: "The answer was cut off by the output-token limit before the model finished.",
    detection: ["live"],
  },
  F2: {
    title: "Format or schema violation",
    definition:
      "The answer is not in the required form: not JSON where JSON was asked for, JSON that breaks the schema, no option letter.",
    detection: ["live", "metric", "judge"],
  },
  F3: {
    title: "Refusal",
    definition:
      "The model declined to answer (a refusal phrase, or the provider's content filter stopped it).",
    detection: ["live", "judge"],
  },
  F4: {
    title: "Missing knowledge",
    definition:
      "The model lacked the fact: it stated a wrong one with confidence (hallucination) or said it did not know.",
    detection: ["live", "judge"],
  },
  F5: {
    title: "Instruction not followed",
    definition:
      "The model answered but ignored an explicit instruction of the prompt (length, form, what to include or leave out).",
    detection: ["judge"],
  },
  F6: {
    title: "Reasoning or arithmetic error",
    definition: "The method or a computation went wrong on the way to the answer.",
    detection: ["judge"],
  },
  F7: {
    title: "Context ignored",
    definition:
      "The context given with the question (retrieved passages, a document) held the answer, but the answer ignores or contradicts it.",
    detection: ["judge"],
  },
  F8: {
    title: "Right answer buried",
    definition:
      "The answer holds the right answer, but the metric could not extract or recognize it (extra words, a different final number, the same thing in other words).",
    detection: ["live", "judge"],
  },
  F9: {
    title: "Empty answer",
    definition: "The model returned no text and no tool call.",
    detection: ["live"],
  },
  F10: {
    title: "Wrong language",
    definition:
      "The answer is written in another script than the reference (or, without one, the question).",
    detection: ["live", "judge"],
  },
  F11: {
    title: "Repetition or degeneration",
    definition: "The answer loops: the same words repeat over and over.",
    detection: ["live"],
  },
  F12: {
    title: "Code fails its tests",
    definition: "Code the model wrote fails the tests given with the item.",
    detection: ["metric"],
  },
  F13: {
    title: "Over the latency budget",
    definition: "The answer came later than the latency (or time-to-first-token) threshold.",
    detection: ["metric"],
  },
  F14: {
    title: "Wrong tool or arguments",
    definition:
      "The model called a tool that was not offered or not expected, or with arguments that are not valid.",
    detection: ["live", "metric"],
  },
};

/** The causes a judge can name: those it can see in an answer (not INFRA, F12 or F13). */
export const JUDGE_CAUSES: readonly CauseId[] = (Object.keys(CAUSES) as CauseId[])
  .filter((id) => CAUSES[id].detection.includes("judge"))
  .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

/**
 * True for a cause id of the registry.
 *
 * @example
 * ```ts
 * import { isCauseId } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(isCauseId("F4"), true);
 * assert.equal(isCauseId("F15"), false);
 * ```
 */
export function isCauseId(value: unknown): value is CauseId {
  return typeof value === "string" && Object.hasOwn(CAUSES, value);
}

/**
 * The main cause among several: the first in {@link CAUSE_IDS} order. A failed call comes first;
 * a loop before the truncation it causes; a truncation before the empty or malformed answer it
 * leaves; latency last, since it says nothing about the answer itself.
 *
 * @example A truncated answer that is also not JSON
 * ```ts
 * import { mainCause } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(mainCause(["F2", "F1"]), "F1");
 * assert.equal(mainCause([]), null);
 * ```
 */
export function mainCause(causes: Iterable<CauseId>): CauseId | null {
  let best: CauseId | null = null;
  for (const c of causes) {
    if (best === null || CAUSE_IDS.indexOf(c) < CAUSE_IDS.indexOf(best)) best = c;
  }
  return best;
}

/** Causes sorted in {@link CAUSE_IDS} order, each once. */
export function sortCauses(causes: Iterable<CauseId>): CauseId[] {
  return [...new Set(causes)].sort((a, b) => CAUSE_IDS.indexOf(a) - CAUSE_IDS.indexOf(b));
}

/** `F1 Truncation`. */
export function causeLabel(id: CauseId): string {
  return `${id} ${CAUSES[id].title}`;
}
