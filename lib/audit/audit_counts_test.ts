import assert from "node:assert/strict";
import { auditCounts } from "./audit_counts.ts";
import { clopperPearsonInterval } from "../stats/clopper_pearson_interval.ts";
import { jeffreysInterval } from "../stats/jeffreys_interval.ts";
import { $display } from "../render/display_symbol.ts";

Deno.test("counts mode: three conventions with Wilson and Clopper-Pearson columns", () => {
  const r = auditCounts({ passes: 8, fails: 2, errored: 1, empty: 1 }).toJSON();
  assert.deepEqual([r.attempted, r.scored, r.unscored], [12, 10, 2]);
  assert.deepEqual(
    [r.scoredOnly.successes, r.scoredOnly.trials, r.upperEdge.successes, r.upperEdge.trials],
    [8, 10, 10, 12],
  );
  // Hand-computed Wilson bounds (z = 1.959963984540054).
  assert.deepEqual(r.methods, ["wilson", "clopper-pearson"]);
  assert.ok(Math.abs(r.scoredOnly.intervals.wilson!.lower - 0.49016247153664183) < 1e-12);
  assert.ok(Math.abs(r.allAttempted.intervals.wilson!.upper - 0.8618799089087867) < 1e-12);
  assert.deepEqual(
    r.allAttempted.intervals["clopper-pearson"],
    clopperPearsonInterval(8, 12, 0.95),
  );
  assert.deepEqual(r.envelope.wilson, {
    lower: r.allAttempted.intervals.wilson!.lower,
    upper: r.upperEdge.intervals.wilson!.upper,
  });
  assert.deepEqual(r.envelope["clopper-pearson"], {
    lower: r.allAttempted.intervals["clopper-pearson"]!.lower,
    upper: r.upperEdge.intervals["clopper-pearson"]!.upper,
  });
  assert.deepEqual(r.counts, {
    passes: 8,
    fails: 2,
    errored: 1,
    nan: 0,
    unparsed: 0,
    unreadable: 0,
    noVerdict: 0,
    empty: 1,
  });
});

Deno.test("counts mode: every unscored kind adds to the unscored total", () => {
  const r = auditCounts({
    passes: 1,
    fails: 1,
    errored: 1,
    nan: 2,
    unparsed: 3,
    unreadable: 4,
    noVerdict: 5,
    empty: 6,
  }).toJSON();
  assert.equal(r.unscored, 21);
  assert.equal(r.upperEdge.successes, 22);
});

Deno.test("counts mode: the text shows both interval methods at the confidence level", () => {
  const report = auditCounts({ passes: 34, fails: 3, errored: 3 }, { confidence: 0.9 });
  const text = report.toText();
  assert.match(text, /90% Wilson/);
  assert.match(text, /90% Clopper-Pearson/);
  for (const name of ["scored only", "all attempted", "upper edge", "envelope"]) {
    assert.ok(text.includes(name), name);
  }
  assert.ok(String(report[$display]()["text/html"]).includes("<table"));
});

Deno.test("counts mode rejects unknown, missing and impossible counts", () => {
  assert.throws(
    () => auditCounts({ passed: 3, fails: 1 } as never),
    /^RangeError: counts\.passed is not a count; the counts are passes, fails/,
  );
  assert.throws(
    () => auditCounts({ passes: 3 } as never),
    /^TypeError: counts\.fails is required$/,
  );
  assert.throws(() => auditCounts({ passes: -1, fails: 1 }), RangeError);
  assert.throws(() => auditCounts({ passes: 1.5, fails: 1 }), RangeError);
  assert.throws(() => auditCounts({ passes: 1, fails: 1 }, { confidence: 1.2 }), RangeError);
});

Deno.test("counts mode with no attempts gives undefined rates, not an error", () => {
  const r = auditCounts({ passes: 0, fails: 0 }).toJSON();
  assert.ok(Number.isNaN(r.scoredOnly.rate));
  assert.ok(Number.isNaN(r.envelope.wilson!.lower));
});

Deno.test("counts mode: chosen methods, one column each, in the order given", () => {
  const report = auditCounts({ passes: 12, fails: 0, errored: 1 }, {
    methods: ["jeffreys", "agresti_coull", "wald"],
  });
  const r = report.toJSON();
  assert.deepEqual(r.methods, ["jeffreys", "agresti-coull", "normal"]);
  assert.deepEqual(Object.keys(r.envelope), ["jeffreys", "agresti-coull", "normal"]);
  assert.deepEqual(r.scoredOnly.intervals.jeffreys, jeffreysInterval(12, 12, 0.95));
  // The Wald interval collapses at 12 of 12: the table shows it as it is.
  assert.deepEqual(r.scoredOnly.intervals.normal, { lower: 1, upper: 1 });
  const text = report.toText();
  assert.match(text, /95% Jeffreys\s+95% Agresti-Coull\s+95% normal \(Wald\)/);
  assert.doesNotMatch(text, /Wilson|Clopper/);
  assert.throws(() => auditCounts({ passes: 1, fails: 1 }, { methods: ["bayes"] }), RangeError);
  assert.throws(() => auditCounts({ passes: 1, fails: 1 }, { methods: [] }), TypeError);
  assert.throws(
    () => auditCounts({ passes: 1, fails: 1 }, { methods: ["beta", "clopper-pearson"] }),
    /named twice/,
  );
});
