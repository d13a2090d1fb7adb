// Our metrics against the reference vectors produced by sacreBLEU 2.6.0, rouge-score + NLTK 3.8
// and the SQuAD v1.1 script (copies of ../shared/reference/ in tests/testdata/).
import {
  bleuStats,
  chrfSegment,
  corpusBleu,
  corpusChrf,
  lcsLength,
  normalizedExactMatch,
  rougeL,
  sentenceBleu,
  sentenceChrf,
  tokenF1,
} from "../lib/graders/mod.ts";
import { normalizeAnswer, pyRstrip, rougeTokenize, tokenize13a } from "../lib/text/mod.ts";
import { loadCases, Mismatches } from "./_vectors.ts";

Deno.test("bleu.json: sentence and corpus BLEU equal sacreBLEU 2.6.0", async () => {
  const cases = await loadCases("bleu");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    const hyps: string[] = c.mode === "sentence" ? [c.hypothesis] : c.hypotheses;
    const refs: string[][] = c.mode === "sentence" ? [c.references] : c.references;
    const r = c.mode === "sentence"
      ? sentenceBleu(c.hypothesis, c.references)
      : corpusBleu(hyps, refs);
    m.float(c.id, "score", r.score, e.score_fraction);
    m.float(c.id, "score×100", r.score * 100, e.score);
    m.exact(c.id, "counts", r.counts, e.counts);
    m.exact(c.id, "totals", r.totals, e.totals);
    r.precisions.forEach((p, i) => m.float(c.id, `precisions[${i}]`, p * 100, e.precisions[i]));
    m.float(c.id, "bp", r.bp, e.bp);
    m.exact(c.id, "sys_len", r.sysLen, e.sys_len);
    m.exact(c.id, "ref_len", r.refLen, e.ref_len);
    m.exact(
      c.id,
      "signature",
      r.signature.replace(/verdict-.*$/, ""),
      e.signature.replace(/2\.6\.0$/, ""),
    );
    m.exact(c.id, "segment_stats", hyps.map((h, i) => bleuStats(h, refs[i])), e.segment_stats);
    m.exact(
      c.id,
      "tokenized_hypotheses",
      hyps.map((h) => tokenize13a(pyRstrip(h))),
      e.tokenized_hypotheses,
    );
    m.exact(
      c.id,
      "tokenized_references",
      refs.map((rs) => rs.map((x) => tokenize13a(pyRstrip(x)))),
      e.tokenized_references,
    );
  }
  m.assertNone(cases.length);
});

Deno.test("chrf.json: sentence and corpus chrF equal sacreBLEU 2.6.0", async () => {
  const cases = await loadCases("chrf");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    const hyps: string[] = c.mode === "sentence" ? [c.hypothesis] : c.hypotheses;
    const refs: string[][] = c.mode === "sentence" ? [c.references] : c.references;
    const r = c.mode === "sentence"
      ? sentenceChrf(c.hypothesis, c.references)
      : corpusChrf(hyps, refs);
    m.float(c.id, "score", r.score, e.score_fraction);
    m.float(c.id, "score×100", r.score * 100, e.score);
    m.exact(c.id, "stats", r.stats, e.stats);
    m.exact(
      c.id,
      "signature",
      r.signature.replace(/verdict-.*$/, ""),
      e.signature.replace(/2\.6\.0$/, ""),
    );
    m.exact(
      c.id,
      "segment_stats",
      hyps.map((h, i) => chrfSegment(h, refs[i]).stats),
      e.segment_stats,
    );
  }
  m.assertNone(cases.length);
});

Deno.test("rouge_l.json: ROUGE-L equals rouge-score with and without the NLTK stemmer", async () => {
  const cases = await loadCases("rouge_l");
  const m = new Mismatches();
  for (const c of cases) {
    const targets: string[] = c.mode === "single" ? [c.target] : c.targets;
    for (const stemmer of [false, true]) {
      const e = c.expected[stemmer ? "use_stemmer_true" : "use_stemmer_false"];
      const tag = stemmer ? "stem" : "plain";
      const r = rougeL(c.prediction, targets, { stemmer });
      m.prf(c.id, tag, r, e);
      const singles = c.mode === "single" ? [e] : e.per_target;
      if (c.mode === "multi") {
        m.exact(c.id, `${tag} selected`, r.referenceIndex, e.selected_target_index);
      }
      targets.forEach((t, i) => {
        const pred = rougeTokenize(c.prediction, { stemmer });
        const target = rougeTokenize(t, { stemmer });
        m.exact(c.id, `${tag} target_tokens[${i}]`, target, singles[i].target_tokens);
        m.exact(c.id, `${tag} prediction_tokens[${i}]`, pred, singles[i].prediction_tokens);
        m.exact(c.id, `${tag} lcs_length[${i}]`, lcsLength(target, pred), singles[i].lcs_length);
        const one = rougeL(c.prediction, [t], { stemmer });
        m.float(c.id, `${tag} per-target f[${i}]`, one.f, singles[i].fmeasure);
      });
    }
  }
  m.assertNone(cases.length);
});

Deno.test("squad.json: exact match and F1 equal the SQuAD v1.1 script", async () => {
  const cases = await loadCases("squad");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    if (c.mode === "single") {
      m.exact(
        c.id,
        "exact_match",
        normalizedExactMatch(c.prediction, c.ground_truths),
        e.exact_match,
      );
      m.float(c.id, "f1", tokenF1(c.prediction, c.ground_truths), e.f1);
      m.exact(
        c.id,
        "normalized_prediction",
        normalizeAnswer(c.prediction),
        e.normalized_prediction,
      );
      m.exact(
        c.id,
        "normalized_ground_truths",
        c.ground_truths.map((g: string) => normalizeAnswer(g)),
        e.normalized_ground_truths,
      );
      c.ground_truths.forEach((g: string, i: number) => {
        m.exact(
          c.id,
          `per[${i}].em`,
          normalizedExactMatch(c.prediction, [g]),
          e.per_ground_truth[i].exact_match,
        );
        m.float(c.id, `per[${i}].f1`, tokenF1(c.prediction, [g]), e.per_ground_truth[i].f1);
      });
    } else {
      let em = 0;
      let f1 = 0;
      for (const q of c.questions) {
        if (q.prediction === null) continue; // unanswered: counts in the denominator, scores 0
        em += normalizedExactMatch(q.prediction, q.ground_truths);
        f1 += tokenF1(q.prediction, q.ground_truths);
      }
      const n = c.questions.length;
      m.float(c.id, "exact_match", (100 * em) / n, e.exact_match);
      m.float(c.id, "f1", (100 * f1) / n, e.f1);
      m.float(c.id, "exact_match_fraction", em / n, e.exact_match_fraction);
      m.float(c.id, "f1_fraction", f1 / n, e.f1_fraction);
    }
  }
  m.assertNone(cases.length);
});
