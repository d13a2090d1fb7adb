// BLEU and chrF with sacreBLEU's options against the vectors sacreBLEU 2.6.0 produced
// (tests/testdata/bleu_options.json and chrf_options.json, copies of ../shared/reference/).
import {
  type BleuOptions,
  bleuStats,
  type ChrfOptions,
  chrfSegment,
  corpusBleu,
  corpusBleuWithSentences,
  corpusChrf,
  corpusChrfWithSentences,
  sentenceBleu,
  sentenceChrf,
} from "../lib/graders/mod.ts";
import { BLEU_TOKENIZERS, type BleuTokenizer, pyRstrip } from "../lib/text/mod.ts";
import assert from "node:assert/strict";
import { type Case, loadCases, Mismatches } from "./_vectors.ts";

/** One case's segments: hypotheses and per-segment references, in either mode. */
function segments(c: Case): { hyps: string[]; refs: string[][] } {
  return c.mode === "sentence"
    ? { hyps: [c.hypothesis], refs: [c.references] }
    : { hyps: c.hypotheses, refs: c.references };
}

/** sacreBLEU's BLEU settings under verdict's names. */
function bleuOptions(s: Case): BleuOptions {
  return {
    tokenize: s.tokenize as BleuTokenizer,
    lowercase: s.lowercase,
    smoothMethod: s.smooth_method,
    smoothValue: s.smooth_value,
    maxNgramOrder: s.max_ngram_order,
    effectiveOrder: s.use_effective_order,
  };
}

Deno.test("bleu_options.json: BLEU with every option equals sacreBLEU 2.6.0", async () => {
  const cases = await loadCases("bleu_options");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    const options = bleuOptions(c.settings);
    const { hyps, refs } = segments(c);
    const r = c.mode === "sentence"
      ? sentenceBleu(c.hypothesis, c.references, options)
      : corpusBleu(hyps, refs, options);
    m.float(c.id, "score", r.score, e.score_fraction);
    m.float(c.id, "score×100", r.score * 100, e.score);
    m.exact(c.id, "counts", r.counts, e.counts);
    m.exact(c.id, "totals", r.totals, e.totals);
    m.exact(c.id, "precisions.length", r.precisions.length, e.precisions.length);
    r.precisions.forEach((p, i) => m.float(c.id, `precisions[${i}]`, p * 100, e.precisions[i]));
    m.float(c.id, "bp", r.bp, e.bp);
    m.float(c.id, "ratio", r.ratio, e.ratio);
    m.exact(c.id, "sys_len", r.sysLen, e.sys_len);
    m.exact(c.id, "ref_len", r.refLen, e.ref_len);
    const order = options.maxNgramOrder!;
    m.signature(c.id, r.signature, e.signature, order === 4 ? [] : [`ngram:${order}`]);
    const rows = hyps.map((h, i) => bleuStats(h, refs[i], options));
    m.exact(c.id, "segment_stats", rows, e.segment_stats);
    const raw = rows.reduce((a, row) => a.map((x, i) => x + row[i]));
    m.exact(c.id, "raw_counts", raw.slice(2, 2 + order), e.raw_counts);
    m.exact(c.id, "raw_totals", raw.slice(2 + order), e.raw_totals);
    const tokenize = (s: string) =>
      BLEU_TOKENIZERS[options.tokenize!](pyRstrip(options.lowercase ? s.toLowerCase() : s));
    m.exact(c.id, "tokenized_hypotheses", hyps.map(tokenize), e.tokenized_hypotheses);
    m.exact(
      c.id,
      "tokenized_references",
      refs.map((rs) => rs.map(tokenize)),
      e.tokenized_references,
    );
  }
  m.assertNone(cases.length);
});

/** sacreBLEU's chrF settings under verdict's names. */
function chrfOptions(s: Case): ChrfOptions {
  return {
    charOrder: s.char_order,
    wordOrder: s.word_order,
    beta: s.beta,
    lowercase: s.lowercase,
    whitespace: s.whitespace,
    epsSmoothing: s.eps_smoothing,
  };
}

Deno.test("chrf_options.json: chrF, chrF+ and chrF++ with every option equal sacreBLEU 2.6.0", async () => {
  const cases = await loadCases("chrf_options");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    const options = chrfOptions(c.settings);
    const { hyps, refs } = segments(c);
    const r = c.mode === "sentence"
      ? sentenceChrf(c.hypothesis, c.references, options)
      : corpusChrf(hyps, refs, options);
    m.float(c.id, "score", r.score, e.score_fraction);
    m.float(c.id, "score×100", r.score * 100, e.score);
    m.exact(c.id, "stats", r.stats, e.stats);
    m.exact(
      c.id,
      "stats_by_order",
      e.stats_by_order.map((
        o: { kind: string; order: number },
        i: number,
      ) => [o.kind, o.order, ...r.stats.slice(3 * i, 3 * i + 3)]),
      e.stats_by_order.map((o: Case) => [o.kind, o.order, o.hyp, o.ref, o.match]),
    );
    m.signature(c.id, r.signature, e.signature, options.beta === 2 ? [] : [`beta:${options.beta}`]);
    m.exact(
      c.id,
      "segment_stats",
      hyps.map((h, i) => chrfSegment(h, refs[i], options).stats),
      e.segment_stats,
    );
  }
  m.assertNone(cases.length);
});

// The one-pass functions give, to the last digit, what the corpus and sentence functions give on
// every case of both option files (a sentence case read as a corpus of one segment), and so
// sacreBLEU's figures.
Deno.test("bleu_options.json: corpusBleuWithSentences equals corpusBleu and sentenceBleu", async () => {
  for (const c of await loadCases("bleu_options")) {
    const options = bleuOptions(c.settings);
    const { hyps, refs } = segments(c);
    const { sentences, ...corpus } = corpusBleuWithSentences(hyps, refs, options);
    assert.deepEqual(corpus, corpusBleu(hyps, refs, options), c.id);
    const each = hyps.map((h, i) => sentenceBleu(h, refs[i], options));
    assert.deepEqual(sentences.scores, each.map((r) => r.score), c.id);
    assert.equal(sentences.mean, each.reduce((a, r) => a + r.score, 0) / each.length, c.id);
    if (new Set(refs.map((r) => r.length)).size === 1) {
      assert.equal(sentences.signature, each[0].signature, c.id);
    }
  }
});

Deno.test("chrf_options.json: corpusChrfWithSentences equals corpusChrf and sentenceChrf", async () => {
  for (const c of await loadCases("chrf_options")) {
    const options = chrfOptions(c.settings);
    const { hyps, refs } = segments(c);
    const { sentences, ...corpus } = corpusChrfWithSentences(hyps, refs, options);
    assert.deepEqual(corpus, corpusChrf(hyps, refs, options), c.id);
    const each = hyps.map((h, i) => sentenceChrf(h, refs[i], options));
    assert.deepEqual(sentences.scores, each.map((r) => r.score), c.id);
    assert.equal(sentences.mean, each.reduce((a, r) => a + r.score, 0) / each.length, c.id);
    if (new Set(refs.map((r) => r.length)).size === 1) {
      assert.equal(sentences.signature, each[0].signature, c.id);
    }
  }
});
