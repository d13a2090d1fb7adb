// SQuAD v2.0 exact match and F1 against the vectors of the official evaluate-v2.0.py script
// (tests/testdata/squad_v2.json, a copy of ../shared/reference/squad_v2.json).
import { normalizedExactMatch, tokenF1 } from "../lib/graders/mod.ts";
import { normalizeAnswer, pySplit } from "../lib/text/mod.ts";
import { loadCases, Mismatches } from "./_vectors.ts";

const V2 = { version: 2 } as const;

Deno.test("squad_v2.json: exact match and F1 equal the SQuAD v2.0 script", async () => {
  const cases = await loadCases("squad_v2");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    if (c.mode === "single") {
      m.exact(
        c.id,
        "exact_match",
        normalizedExactMatch(c.prediction, c.ground_truths, V2),
        e.exact_match,
      );
      m.float(c.id, "f1", tokenF1(c.prediction, c.ground_truths, V2), e.f1);
      m.exact(c.id, "has_answer", c.ground_truths.length > 0, e.has_answer);
      m.exact(
        c.id,
        "normalized_prediction",
        normalizeAnswer(c.prediction),
        e.normalized_prediction,
      );
      m.exact(
        c.id,
        "prediction_tokens",
        pySplit(normalizeAnswer(c.prediction)),
        e.prediction_tokens,
      );
      e.effective_ground_truths.forEach((g: string, i: number) => {
        m.exact(
          c.id,
          `per[${i}].em`,
          normalizedExactMatch(c.prediction, [g], V2),
          e.per_ground_truth[i].exact_match,
        );
        m.float(c.id, `per[${i}].f1`, tokenF1(c.prediction, [g], V2), e.per_ground_truth[i].f1);
      });
      // The gold list the script scores against: answers that normalize to text, else "".
      const kept = c.ground_truths.filter((g: string) => normalizeAnswer(g) !== "");
      m.exact(
        c.id,
        "effective_ground_truths",
        kept.length > 0 ? kept : [""],
        e.effective_ground_truths,
      );
    } else {
      let em = 0;
      let f1 = 0;
      let hasAns = 0;
      for (const q of c.questions) {
        if (q.ground_truths.length > 0) hasAns++;
        if (q.prediction === null) continue;
        em += normalizedExactMatch(q.prediction, q.ground_truths, V2);
        f1 += tokenF1(q.prediction, q.ground_truths, V2);
      }
      const n = c.questions.length;
      m.float(c.id, "exact", (100 * em) / n, e.exact);
      m.float(c.id, "f1", (100 * f1) / n, e.f1);
      m.float(c.id, "exact_fraction", em / n, e.exact_fraction);
      m.float(c.id, "f1_fraction", f1 / n, e.f1_fraction);
      m.exact(c.id, "total", n, e.total);
      if (e.HasAns_total !== undefined) m.exact(c.id, "HasAns_total", hasAns, e.HasAns_total);
    }
  }
  m.assertNone(cases.length);
});
