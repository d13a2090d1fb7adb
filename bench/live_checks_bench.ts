// The live checks' cost per answer, each check apart and all together: deno task bench
import { type AnswerRecord, LIVE_CHECKS, liveChecks, type MetricValue } from "../mod.ts";

const ANSWERS = 500;

function answer(text: string): AnswerRecord {
  return {
    text,
    finishReason: "stop",
    rawFinishReason: "stop",
    messages: [{ role: "user", content: "What is the capital of France? Explain why." }],
    params: {},
    error: null,
  } as unknown as AnswerRecord;
}

// Prose of 400 words drawn from a vocabulary of 400 by a seeded generator (varied like real
// answers, where few 4-grams repeat); and answers that loop.
const VOCABULARY = Array.from({ length: 400 }, (_, i) => `word${i.toString(36)}`);
function prose400(seed: number): string {
  let x = seed + 1;
  return Array.from({ length: 400 }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return VOCABULARY[(x >>> 16) % VOCABULARY.length];
  }).join(" ");
}
const prose = Array.from({ length: ANSWERS }, (_, i) => answer(prose400(i)));
const loops = Array.from(
  { length: ANSWERS },
  (_, i) => answer(`The answer is ${`I think that it is ${i} `.repeat(60)}`),
);
const missed: Record<string, MetricValue> = {
  exact_match: { value: 0, pass: false, scored: true, reason: "" },
};

for (const [name, set] of [["prose", prose], ["loops", loops]] as const) {
  Deno.bench({
    name: `all live checks × ${ANSWERS} ${name} answers (missed)`,
    group: name,
    baseline: true,
    fn() {
      for (const a of set) liveChecks({ answer: a, references: ["Paris"], metrics: missed });
    },
  });
  for (const [check, c] of Object.entries(LIVE_CHECKS)) {
    Deno.bench({
      name: `${check} × ${ANSWERS} ${name} answers`,
      group: name,
      fn() {
        for (const a of set) c.check({ answer: a, references: ["Paris"], metrics: missed });
      },
    });
  }
}
