// ROUGE-1, ROUGE-2 and ROUGE-Lsum against the vectors rouge-score 0.1.2 (with NLTK 3.8's Porter
// stemmer and Punkt) produced: tests/testdata/rouge_n.json and rouge_lsum.json.
import { rougeLsum, rougeN, summaryUnits } from "../lib/graders/mod.ts";
import { rougeTokenize } from "../lib/text/mod.ts";
import { type Case, loadCases, Mismatches } from "./_vectors.ts";

const STEMMING = [false, true] as const;
const variant = (stemmer: boolean) => stemmer ? "use_stemmer_true" : "use_stemmer_false";

Deno.test("rouge_n.json: ROUGE-1 and ROUGE-2 equal rouge-score, with and without stemming", async () => {
  const cases = await loadCases("rouge_n");
  const m = new Mismatches();
  for (const c of cases) {
    const targets: string[] = c.mode === "single" ? [c.target] : c.targets;
    for (const [type, n] of [["rouge1", 1], ["rouge2", 2]] as const) {
      for (const stemmer of STEMMING) {
        const e = c.expected[type][variant(stemmer)];
        const tag = `${type} ${variant(stemmer)}`;
        const r = rougeN(c.prediction, targets, { n, stemmer });
        m.prf(c.id, tag, r, e);
        if (c.mode === "multi") {
          m.exact(c.id, `${tag} selected`, r.referenceIndex, e.selected_target_index);
        }
        const singles: Case[] = c.mode === "single" ? [e] : e.per_target;
        targets.forEach((t, i) => {
          const one = rougeN(c.prediction, [t], { n, stemmer });
          const s = singles[i];
          m.float(c.id, `${tag}[${i}] f`, one.f, s.fmeasure);
          m.exact(
            c.id,
            `${tag}[${i}] overlap`,
            Math.round(one.precision * Math.max(s.prediction_ngrams, 1)),
            s.overlap,
          );
          m.exact(
            c.id,
            `${tag}[${i}] target_tokens`,
            rougeTokenize(t, { stemmer }),
            s.target_tokens,
          );
          m.exact(
            c.id,
            `${tag}[${i}] prediction_tokens`,
            rougeTokenize(c.prediction, { stemmer }),
            s.prediction_tokens,
          );
          const ngrams = (tokens: string[]) => Math.max(0, tokens.length - n + 1);
          m.exact(c.id, `${tag}[${i}] target_ngrams`, ngrams(s.target_tokens), s.target_ngrams);
          m.exact(
            c.id,
            `${tag}[${i}] prediction_ngrams`,
            ngrams(s.prediction_tokens),
            s.prediction_ngrams,
          );
        });
      }
    }
  }
  m.assertNone(cases.length);
});

Deno.test("rouge_lsum.json: ROUGE-Lsum equals rouge-score, newline units and Punkt sentences", async () => {
  const cases = await loadCases("rouge_lsum");
  const m = new Mismatches();
  for (const c of cases) {
    const targets: string[] = c.mode === "single" ? [c.target] : c.targets;
    const splitSummaries: boolean = c.settings.split_summaries;
    for (const stemmer of STEMMING) {
      const e = c.expected[variant(stemmer)];
      const tag = variant(stemmer);
      const r = rougeLsum(c.prediction, targets, { stemmer, splitSummaries });
      m.prf(c.id, tag, r, e);
      if (c.mode === "multi") {
        m.exact(c.id, `${tag} selected`, r.referenceIndex, e.selected_target_index);
      }
      const singles: Case[] = c.mode === "single" ? [e] : e.per_target;
      targets.forEach((t, i) => {
        const s = singles[i];
        const sentences = summaryUnits(t, splitSummaries);
        const predicted = summaryUnits(c.prediction, splitSummaries);
        m.exact(c.id, `${tag}[${i}] target_sentences`, sentences, s.target_sentences);
        m.exact(c.id, `${tag}[${i}] prediction_sentences`, predicted, s.prediction_sentences);
        m.exact(
          c.id,
          `${tag}[${i}] target_sentence_tokens`,
          sentences.map((x) => rougeTokenize(x, { stemmer })),
          s.target_sentence_tokens,
        );
        m.exact(
          c.id,
          `${tag}[${i}] prediction_sentence_tokens`,
          predicted.map((x) => rougeTokenize(x, { stemmer })),
          s.prediction_sentence_tokens,
        );
        m.float(
          c.id,
          `${tag}[${i}] f`,
          rougeLsum(c.prediction, [t], { stemmer, splitSummaries }).f,
          s.fmeasure,
        );
      });
    }
  }
  m.assertNone(cases.length);
});
