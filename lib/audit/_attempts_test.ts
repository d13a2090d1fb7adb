import assert from "node:assert/strict";
import fc from "fast-check";
import { StringIds } from "../io/_key_ids.ts";
import { audit } from "./audit.ts";
import { classifyRow } from "./classify_row.ts";
import { REFUSED_LISTED } from "./_state.ts";
import type { AuditRow } from "./types.ts";

Deno.test("StringIds: the same string always gets the same id, different strings never share one", () => {
  const ids = new StringIds();
  const strings: string[] = [];
  for (let i = 0; i < 50_000; i++) strings.push(`case-${i}`);
  // Strings that differ only past ASCII, in surrogate halves, by a prefix or in length.
  strings.push(
    "",
    "é",
    "e\u0301",
    "\ud83d\ude00",
    "\ud83d",
    "\ude00",
    "\u0800",
    "\u07ff",
    "case-1\0",
  );
  strings.push("case-", "case-0 ", " case-0", "CASE-0", "\uffff", "\u00ff");
  const first = strings.map((s) => ids.id(s));
  assert.equal(new Set(first).size, strings.length);
  assert.equal(ids.size, strings.length);
  assert.deepEqual(strings.map((s) => ids.id(s)), first);
  assert.deepEqual(first, strings.map((_, i) => i));
});

Deno.test("StringIds agrees with a Map on arbitrary strings", () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: "binary", maxLength: 6 }), { maxLength: 300 }), (xs) => {
      const ids = new StringIds();
      const map = new Map<string, number>();
      for (const s of xs) {
        if (!map.has(s)) map.set(s, map.size);
        assert.equal(ids.id(s), map.get(s));
      }
    }),
  );
});

/** The audit's duplicate check and each-case-once sums done the plain way, with Maps. */
function reference(rows: AuditRow[]) {
  const seen = new Map<string, number>();
  const refused: [number, number][] = [];
  const cases = new Map<
    string,
    Map<string, { attempts: number; passed: number; scored: number }>
  >();
  for (const r of rows) {
    if (r.case.trim() === "") continue;
    const key = JSON.stringify([r.case, r.version, r.repeat, r.grader]);
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push([r.row, first]);
      continue;
    }
    seen.set(key, r.row);
    const g = JSON.stringify([r.version, r.grader]);
    if (!cases.has(g)) cases.set(g, new Map());
    const t = cases.get(g)!.get(r.case) ?? { attempts: 0, passed: 0, scored: 0 };
    t.attempts++;
    const c = classifyRow(r).class;
    if (c === "passed") t.passed++;
    if (c === "passed" || c === "failed") t.scored++;
    cases.get(g)!.set(r.case, t);
  }
  const once = new Map<string, { cases: number; rate: number; min: number; max: number } | null>();
  for (const [g, m] of cases) {
    const ts = [...m.values()];
    const min = Math.min(...ts.map((t) => t.attempts));
    const max = Math.max(...ts.map((t) => t.attempts));
    let sum = 0;
    let n = 0;
    for (const t of ts) {
      if (t.scored === 0) continue;
      sum += t.passed / t.scored;
      n++;
    }
    once.set(g, min === max ? null : { cases: n, rate: n ? sum / n : NaN, min, max });
  }
  return { refused, once };
}

const rowOf = (graders: string[]) =>
  fc.record({
    case: fc.constantFrom("q1", "q2", "q3", " ", "é", "q1 "),
    version: fc.constantFrom("v1", "v2"),
    repeat: fc.constantFrom(0, 1, 2, -0, 1.5, NaN, Infinity, -1, 2 ** 31),
    grader: fc.constantFrom(...graders),
    verdict: fc.constantFrom<boolean | null>(true, false, null),
  });
// Few groups are summed by passes over all attempts, many through an index sorted by group.
const few = rowOf(["exact", "judge"]);
const many = rowOf(Array.from({ length: 12 }, (_, i) => `g${i}`));

Deno.test("audit: duplicates and each-case-once sums match the plain Map computation", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(few, many), { maxLength: 120 }), async (drawn) => {
      const rows: AuditRow[] = drawn.map((d, i) => ({
        row: i + 1,
        case: d.case,
        version: d.version,
        repeat: d.repeat,
        grader: d.grader,
        score: d.verdict === null ? null : d.verdict ? 1 : 0,
        pass: d.verdict,
      }));
      const json = (await audit(rows)).toJSON();
      const want = reference(rows);
      assert.deepEqual(json.refusedRows.map((r) => [r.row, r.firstRow]), want.refused);
      assert.equal(json.refusedByReason["duplicate-key"] ?? 0, want.refused.length);
      for (const g of json.groups) {
        const w = want.once.get(JSON.stringify([g.version, g.grader])) ?? null;
        const got = g.eachCaseOnce;
        assert.deepEqual(
          got && { cases: got.cases, rate: got.rate, min: got.minRepeats, max: got.maxRepeats },
          w,
        );
      }
    }),
  );
});

Deno.test("audit: refused rows are counted exactly and listed up to the cap, lowest rows first", async () => {
  const extra = 250;
  const rows: AuditRow[] = [];
  const base = { case: "q1", version: "v1", repeat: 0, grader: "exact", score: 1, pass: true };
  for (let i = 1; i <= REFUSED_LISTED + extra + 1; i++) rows.push({ ...base, row: i });
  rows.push({ ...base, row: REFUSED_LISTED + extra + 2, version: "" });
  const json = (await audit(rows)).toJSON();
  assert.equal(json.totals.refused, REFUSED_LISTED + extra + 1);
  assert.deepEqual(json.refusedByReason, {
    "duplicate-key": REFUSED_LISTED + extra,
    "no-version": 1,
  });
  assert.equal(json.refusedRows.length, REFUSED_LISTED);
  assert.deepEqual([json.refusedRows[0].row, json.refusedRows.at(-1)!.row], [
    2,
    REFUSED_LISTED + 1,
  ]);
  assert.equal(json.groups[0].counts.attempted, 1);
});
