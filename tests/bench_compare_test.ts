// The issue-16 bench (bench/compare.ts) at its small size: every line's report must count exactly
// the rows the generator wrote (an audit's classes too), and without a sacreBLEU source tree the
// sacreBLEU side says it was skipped and why. `--only bleu-chrf` runs the first line alone. The
// sacreBLEU plumbing is checked with stand-in `sacrebleu` packages written here (no real sacreBLEU
// is needed): a wrong figure is reported as a difference, and a Python error stops the bench. No
// time is asserted.
import assert from "node:assert/strict";
import { agreement, bleuStatsAgreement, ISSUE_TEN, speedup } from "../bench/compare.ts";
import { GRADER_NAMES } from "../lib/graders/mod.ts";

interface Report {
  loadStart: string;
  lines: {
    work: string;
    rows: number;
    counted: number;
    reference?: { label: string; skipped?: string; measured?: unknown };
    ratioText?: string;
    figures?: Record<string, number>;
    agreement?: Record<string, { equal: boolean; text: string }>;
  }[];
}

async function runBench(
  extra: string[],
  sacrebleuSrc?: string,
): Promise<{ ok: boolean; report?: Report; stderr: string }> {
  const env = Deno.env.toObject();
  delete env.SACREBLEU_SRC;
  if (sacrebleuSrc) env.SACREBLEU_SRC = sacrebleuSrc;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--lock=deno.lock",
      "-A",
      "bench/compare.ts",
      "--size",
      "small",
      "--runs",
      "1",
      "--json",
      ...extra,
    ],
    cwd: new URL("../", import.meta.url),
    env: { ...env, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  if (!out.success) return { ok: false, stderr };
  return { ok: true, report: JSON.parse(new TextDecoder().decode(out.stdout)), stderr };
}

Deno.test("bench:compare counts every generated row on every line, and says why sacreBLEU is skipped", async () => {
  const { ok, report, stderr } = await runBench([]);
  assert.ok(ok, stderr);
  const { lines } = report!;
  assert.deepEqual(
    lines.map((l) => [l.work.replace(/,.*$/, ""), l.rows]),
    [
      ["corpus BLEU + chrF and sentence means", 1000],
      ["score --graders bleu", 1000],
      [`score --graders all (${GRADER_NAMES.length} graders + near-miss probe)`, 1000],
      [`score with issue 16's ten graders (${ISSUE_TEN.join(" ")}) + near-miss probe`, 1000],
      ["score --graders exact --scored", 2000],
      ["audit of a six-field CSV", 4000],
      ["audit of the same CSV with every cell quoted", 4000],
      ["audit of a six-field CSV", 8000],
    ],
  );
  for (const l of lines) assert.equal(l.counted, l.rows, l.work);
  // The issue's ten are ten of today's graders (a renamed grader would make that line fail).
  assert.equal(new Set(ISSUE_TEN).size, 10);
  for (const name of ISSUE_TEN) assert.ok((GRADER_NAMES as readonly string[]).includes(name), name);
  assert.match(lines[0].reference?.skipped ?? "", /SACREBLEU_SRC is not set/);
  // All graders, and the issue's ten, against exact: measured in turn, and the ratio says how
  // many pairs it is the median of.
  for (const line of [lines[2], lines[3]]) {
    assert.match(
      line.ratioText ?? "",
      /^[\d.]+× the read-and-exact time \(median of 1 alternated pair\)$/,
    );
  }
});

Deno.test("bench:compare --only bleu-chrf runs the first line alone, and refuses other values", async () => {
  const { ok, report, stderr } = await runBench(["--only", "bleu-chrf"]);
  assert.ok(ok, stderr);
  const { lines, loadStart } = report!;
  assert.deepEqual(lines.map((l) => [l.work, l.rows, l.counted]), [
    ["corpus BLEU + chrF and sentence means, 1k pairs (API)", 1000, 1000],
  ]);
  assert.match(lines[0].reference?.skipped ?? "", /SACREBLEU_SRC is not set/);
  // verdict's own figures are fractions in [0, 1], as its API returns them.
  for (const f of [lines[0].figures!.bleu, lines[0].figures!.chrf]) assert.ok(f > 0 && f < 1);
  assert.match(loadStart, /^[\d.]+ [\d.]+ [\d.]+$|^\?$/);

  const bad = await runBench(["--only", "score"]);
  assert.equal(bad.ok, false);
  assert.match(bad.stderr, /--only must be bleu-chrf/);
});

const hasPython = (() => {
  try {
    return Deno.statSync("/usr/bin/python3").isFile;
  } catch {
    return false;
  }
})();

/** A stand-in `sacrebleu` package: fixed figures, or an exception from corpus_chrf. */
async function fakeSacrebleu(body: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "fake-sacrebleu-" });
  await Deno.mkdir(`${dir}/sacrebleu`);
  await Deno.writeTextFile(`${dir}/sacrebleu/__init__.py`, body);
  return dir;
}

Deno.test({
  name: "bench:compare reports a sacreBLEU figure that differs, with the version it imported",
  ignore: !hasPython,
  async fn() {
    const dir = await fakeSacrebleu(`
__version__ = "0.0-fake"
class _S:
    def __init__(self, score):
        self.score = score
        self.counts, self.totals, self.sys_len, self.ref_len = [1, 0, 0, 0], [2, 1, 0, 0], 2, 3
def corpus_bleu(hyps, refs):
    assert len(refs) == 1 and len(refs[0]) == len(hyps)
    return _S(12.5)
def corpus_chrf(hyps, refs):
    return _S(50.0)
`);
    try {
      const { ok, report, stderr } = await runBench(["--only", "bleu-chrf"], dir);
      assert.ok(ok, stderr);
      const [line] = report!.lines;
      assert.match(line.reference!.label, /sacreBLEU 0\.0-fake corpus BLEU \+ chrF/);
      assert.ok(line.reference!.measured);
      assert.match(line.ratioText!, /^verdict [\d.]+× (faster|slower) than sacreBLEU \(wall/);
      assert.equal(line.figures!.sacrebleuBleu, 12.5);
      assert.equal(line.figures!.sacrebleuChrf, 50);
      assert.equal(line.agreement!.bleu.equal, false);
      assert.equal(line.agreement!.chrf.equal, false);
      assert.equal(line.agreement!.bleuStats.equal, false);
      assert.match(line.agreement!.bleu.text, /^DIFFER: verdict 0\.\d+, sacreBLEU\/100 0\.125/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "bench:compare stops when the sacreBLEU process fails (a Python exception exits 1)",
  ignore: !hasPython,
  async fn() {
    const dir = await fakeSacrebleu(`
__version__ = "0.0-broken"
def corpus_bleu(hyps, refs):
    raise ValueError("broken on purpose")
corpus_chrf = corpus_bleu
`);
    try {
      const { ok, stderr } = await runBench(["--only", "bleu-chrf"], dir);
      assert.equal(ok, false);
      assert.match(stderr, /broken on purpose/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("agreement is exact equality of verdict's fraction and sacreBLEU's score / 100", () => {
  // 72.79821807288403 / 100 is the double verdict computes for this BLEU; ×100 back is not.
  assert.equal(
    agreement({ verdict: 0.7279821807288402, sacrebleu: 72.79821807288403 }).equal,
    true,
  );
  // One unit in the last place above it (doubles in [0.5, 1) are 2^-53 apart).
  const off = agreement({
    verdict: 72.79821807288403 / 100 + 2 ** -53,
    sacrebleu: 72.79821807288403,
  });
  assert.equal(off.equal, false);
  assert.match(off.text, /^DIFFER: .* \(by 1\.1\d*e-16\)$/);
  assert.equal(agreement({ verdict: 0, sacrebleu: 0 }).equal, true);
});

Deno.test("bleuStatsAgreement names the first statistic that differs", () => {
  const v = { counts: [3, 2, 1, 0], totals: [4, 3, 2, 1], sysLen: 4, refLen: 5 };
  assert.equal(bleuStatsAgreement(v, structuredClone(v)).equal, true);
  const r = bleuStatsAgreement(v, { ...v, totals: [4, 3, 2, 2] });
  assert.equal(r.equal, false);
  assert.match(r.text, /^DIFFER in totals: verdict \[4,3,2,1\], sacreBLEU \[4,3,2,2\]$/);
  assert.match(bleuStatsAgreement(v, { ...v, refLen: 6 }).text, /^DIFFER in refLen/);
});

Deno.test("speedup says which side is faster, in wall and CPU time", () => {
  const verdict = { wallS: 3, cpuS: 2.5, peakMiB: 300 };
  assert.equal(
    speedup(verdict, { wallS: 90, cpuS: 88, peakMiB: 6000 }, "sacreBLEU"),
    "verdict 30× faster than sacreBLEU (wall, CPU 35× less)",
  );
  assert.equal(
    speedup(verdict, { wallS: 1.5, cpuS: 1.25, peakMiB: 80 }, "sacreBLEU"),
    "verdict 2.0× slower than sacreBLEU (wall, CPU 2.0× more)",
  );
  assert.equal(
    speedup({ wallS: 2, cpuS: null, peakMiB: null }, { wallS: 5, cpuS: null, peakMiB: null }, "X"),
    "verdict 2.5× faster than X (wall)",
  );
});
