// Shared by the reference-vector tests: loading a vector file from tests/testdata/ and collecting
// every mismatch of a file before failing, so that one run names every case that differs.
import assert from "node:assert/strict";

// deno-lint-ignore no-explicit-any
export type Case = Record<string, any>;

/** The cases of `tests/testdata/<name>.json`. */
export async function loadCases(name: string): Promise<Case[]> {
  const url = new URL(`./testdata/${name}.json`, import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)).cases;
}

/** Collects mismatches per case id; floats within 1e-9·|e| + 1e-12, everything else exact. */
export class Mismatches {
  readonly found = new Map<string, string[]>();
  #add(id: string, what: string) {
    const list = this.found.get(id) ?? [];
    list.push(what);
    this.found.set(id, list);
  }
  float(id: string, field: string, actual: number, expected: number) {
    if (!(Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-12)) {
      this.#add(id, `${field}: got ${actual}, expected ${expected}`);
    }
  }
  /** Precision, recall and F of a ROUGE figure against rouge-score's `Score`. */
  prf(
    id: string,
    tag: string,
    actual: { precision: number; recall: number; f: number },
    expected: { precision: number; recall: number; fmeasure: number },
  ) {
    this.float(id, `${tag} precision`, actual.precision, expected.precision);
    this.float(id, `${tag} recall`, actual.recall, expected.recall);
    this.float(id, `${tag} fmeasure`, actual.f, expected.fmeasure);
  }
  exact(id: string, field: string, actual: unknown, expected: unknown) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) this.#add(id, `${field}: got ${a}, expected ${e}`);
  }
  /**
   * A signature: every field sacreBLEU writes, in its order, except `version`. `extra` lists the
   * fields verdict adds for settings sacreBLEU leaves out (`ngram:2`, `beta:3`); each must be
   * present exactly as given, and nothing else may be added.
   */
  signature(id: string, actual: string, expected: string, extra: string[] = []) {
    const fields = (s: string) => s.split("|").filter((f) => !f.startsWith("version:"));
    const ours = fields(actual);
    const missing = extra.filter((f) => !ours.includes(f));
    if (missing.length > 0) this.#add(id, `signature lacks ${missing.join(", ")}: ${actual}`);
    this.exact(id, "signature", ours.filter((f) => !extra.includes(f)), fields(expected));
  }
  assertNone(total: number) {
    assert.ok(total > 0, "no cases loaded");
    if (this.found.size === 0) return;
    const lines = [...this.found].map(([id, list]) => `  ${id}: ${list.slice(0, 3).join("; ")}`);
    assert.fail(
      `${this.found.size} of ${total} cases differ: ${[...this.found.keys()].join(", ")}\n${
        lines.join("\n")
      }`,
    );
  }
}
