// TER with its four options against the vectors sacreBLEU 2.6.0 produced
// (tests/testdata/ter.json, a copy of ../shared/reference/ter.json).
import { corpusTer, sentenceTer, type TerOptions, terStats } from "../lib/graders/mod.ts";
import { pyRstrip, tokenizeTercom } from "../lib/text/mod.ts";
import { type Case, loadCases, Mismatches } from "./_vectors.ts";

/** sacreBLEU's TER settings under verdict's names. */
function terOptions(s: Case): TerOptions {
  return {
    normalized: s.normalized,
    noPunct: s.no_punct,
    asianSupport: s.asian_support,
    caseSensitive: s.case_sensitive,
  };
}

Deno.test("ter.json: TER with every option, shifts included, equals sacreBLEU 2.6.0", async () => {
  const cases = await loadCases("ter");
  const m = new Mismatches();
  for (const c of cases) {
    const e = c.expected;
    const options = terOptions(c.settings);
    const hyps: string[] = c.mode === "sentence" ? [c.hypothesis] : c.hypotheses;
    const refs: string[][] = c.mode === "sentence" ? [c.references] : c.references;
    const r = c.mode === "sentence"
      ? sentenceTer(c.hypothesis, c.references, options)
      : corpusTer(hyps, refs, options);
    m.float(c.id, "score", r.score, e.score_fraction);
    m.float(c.id, "score×100", r.score * 100, e.score);
    m.exact(c.id, "num_edits", r.numEdits, e.num_edits);
    m.float(c.id, "ref_length", r.refLength, e.ref_length);
    m.signature(c.id, r.signature, e.signature);
    const rows = hyps.map((h, i) => terStats(h, refs[i], options));
    rows.forEach((row, i) => {
      m.exact(c.id, `segment_stats[${i}].edits`, row[0], e.segment_stats[i][0]);
      m.float(c.id, `segment_stats[${i}].ref_length`, row[1], e.segment_stats[i][1]);
    });
    const tokenize = (s: string) => tokenizeTercom(pyRstrip(s), options);
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
