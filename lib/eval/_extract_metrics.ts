// choice and number: an option letter or a final number is read out of the answer and compared
// with the reference's.
import { readNumbers } from "../graders/mod.ts";
import type { MetricOutcome } from "./metric.ts";

// Ways an answer names an option, strongest first. The letter must stand alone: "A" in "A cat"
// is an article, not a choice.
const CHOICE_PATTERNS: readonly RegExp[] = [
  /\b(?:[Aa]nswer|[Cc]hoice|[Oo]ption)\s*(?:is\s*:?|:)?\s*(?:option\s*)?[(*\[]*\s*([A-Z]\b(?!['’])|[a-z](?=[)\].*:]|\s*$))/g,
  /\*\*\s*\(?([A-Z])\)?\s*\*\*/g,
  /\(([A-Z])\)/g,
  /(?:^|\n)\s*([A-Z])\s*[).:](?:\s|$)/g,
  /^\s*([A-Z])\s*\.?\s*$/g,
];

/** The option letter an answer chose (the last one stated by the strongest pattern), or null. */
export function chosenLetter(text: string): string | null {
  for (const pattern of CHOICE_PATTERNS) {
    const found = [...text.matchAll(pattern)];
    if (found.length > 0) return found[found.length - 1][1].toUpperCase();
  }
  return null;
}

/** The option letter a reference names: "B", "(B)", "B) Paris". */
function referenceLetter(ref: string): string | null {
  const m = /^\s*\(?([A-Za-z])\)?(?:[).:\s]|$)/.exec(ref);
  return m ? m[1].toUpperCase() : null;
}

/** The chosen option letter equals the reference's. */
export function choice(text: string, refs: readonly string[]): MetricOutcome {
  const letters = refs.map(referenceLetter).filter((l): l is string => l !== null);
  if (letters.length === 0) return { value: null, reason: "the reference is not an option letter" };
  const chosen = chosenLetter(text);
  if (chosen === null) {
    return { value: 0, reason: "no option letter found in the answer", cause: "F2" };
  }
  return letters.includes(chosen)
    ? { value: 1, reason: `chose ${chosen}` }
    : { value: 0, reason: `chose ${chosen}, the reference is ${letters.join(" or ")}` };
}

/** Where a final number was read from. */
export type NumberSource = "####" | "\\boxed{}" | "last number";

/**
 * The final number of a text: the first number after the last `####`, else the last number in
 * the last `\boxed{…}`, else the last number; thousands separators and signs are read.
 */
export function finalNumber(text: string): { value: number; from: NumberSource } | null {
  const marker = text.lastIndexOf("####");
  if (marker >= 0) {
    const after = readNumbers(text.slice(marker + 4));
    if (after.length > 0) return { value: after[0].value, from: "####" };
  }
  const boxes = [...text.matchAll(/\\boxed\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g)];
  if (boxes.length > 0) {
    const inside = readNumbers(boxes[boxes.length - 1][1]);
    if (inside.length > 0) return { value: inside[inside.length - 1].value, from: "\\boxed{}" };
  }
  const all = readNumbers(text);
  return all.length > 0 ? { value: all[all.length - 1].value, from: "last number" } : null;
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** The answer's final number equals a reference's. */
export function number(text: string, refs: readonly string[]): MetricOutcome {
  const wanted = refs.map(finalNumber).filter((n) => n !== null);
  if (wanted.length === 0) return { value: null, reason: "the reference has no number" };
  const got = finalNumber(text);
  if (got === null) return { value: 0, reason: "no number in the answer" };
  const hit = wanted.some((w) => same(got.value, w.value));
  return {
    value: hit ? 1 : 0,
    reason: `${got.value} (${got.from})${hit ? " = " : " ≠ "}${
      wanted.map((w) => w.value).join(" or ")
    }`,
  };
}
