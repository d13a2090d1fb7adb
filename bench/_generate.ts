// Writes large synthetic results files for the benchmarks (not committed; made on demand).

const WORDS = ["refund", "label", "box", "store", "credit", "days", "receipt", "order", "the", "a"];

function sentence(i: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(WORDS[(i * 7 + k * 3) % WORDS.length]);
  return out.join(" ");
}

/** One synthetic results row; a few outputs carry commas, quotes and newlines on purpose. */
export function syntheticRow(i: number): Record<string, unknown> {
  const output = i % 17 === 0
    ? `"${sentence(i, 6)}",\nsecond line`
    : i % 5 === 0
    ? sentence(i, 8).toUpperCase()
    : sentence(i, 8);
  return {
    id: `case-${i % 100_000}`,
    version: `v${Math.floor(i / 100_000)}`,
    output,
    expected: sentence(i, 8),
    metadata: { shard: i % 13, note: "synthetic" },
  };
}

/** Write `rows` synthetic rows as JSON lines and CSV under `dir`; returns the paths. */
export async function writeSynthetic(
  dir: string,
  rows: number,
): Promise<{ jsonl: string; csv: string }> {
  const jsonl = `${dir}/synthetic-${rows}.jsonl`;
  const csv = `${dir}/synthetic-${rows}.csv`;
  const enc = new TextEncoder();
  const fj = await Deno.open(jsonl, { write: true, create: true, truncate: true });
  const fc = await Deno.open(csv, { write: true, create: true, truncate: true });
  await fc.write(enc.encode("id,version,output,expected,metadata.shard\n"));
  const quote = (s: string) => /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  let bj = "";
  let bc = "";
  for (let i = 0; i < rows; i++) {
    const r = syntheticRow(i);
    bj += JSON.stringify(r) + "\n";
    const m = r.metadata as { shard: number };
    bc += [r.id, r.version, r.output, r.expected, m.shard].map((v) => quote(String(v))).join(",") +
      "\n";
    if (bj.length > 1 << 20) {
      await fj.write(enc.encode(bj));
      await fc.write(enc.encode(bc));
      bj = bc = "";
    }
  }
  await fj.write(enc.encode(bj));
  await fc.write(enc.encode(bc));
  fj.close();
  fc.close();
  return { jsonl, csv };
}

// ---------------------------------------------------------------------------------------------
// Realistic files for `deno task bench:compare`: every row's sentences are drawn afresh from a
// seeded generator (no two rows share a reference by design, so no cache can hide a cost), and
// the outputs carry a realistic mix of exact answers, near misses and misses.

import { xoroshiro128plus } from "npm:pure-rand@8.4.2/generator/xoroshiro128plus";
import { uniformInt } from "npm:pure-rand@8.4.2/distribution/uniformInt";

type Rng = ReturnType<typeof xoroshiro128plus>;

const ONSETS = [
  "b",
  "c",
  "d",
  "f",
  "g",
  "h",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "w",
  "st",
  "tr",
];
const VOWELS = ["a", "e", "i", "o", "u", "ea", "ou", "ai"];
const CODAS = ["", "", "n", "r", "s", "t", "nd", "ll", "ck"];
const COMMON = ["the", "a", "of", "to", "and", "in", "is", "for", "on", "with", "it", "at", "by"];

/** A deterministic vocabulary of `size` made-up words of one to three syllables. */
function vocabulary(size: number, rng: Rng): string[] {
  const words = new Set<string>(COMMON);
  while (words.size < size) {
    let w = "";
    const syllables = uniformInt(rng, 1, 3);
    for (let s = 0; s < syllables; s++) {
      w += ONSETS[uniformInt(rng, 0, ONSETS.length - 1)] +
        VOWELS[uniformInt(rng, 0, VOWELS.length - 1)] + CODAS[uniformInt(rng, 0, CODAS.length - 1)];
    }
    words.add(w);
  }
  return [...words];
}

/**
 * Draws sentences of 5–40 words, a quarter of the words common ones, some with a comma, a word
 * in quotes or in parentheses, or a dollar amount, and a fifth of them questions: the characters
 * a pattern-reading grader must not trip over (a reference with `(` or `$` was once compiled as a
 * regex on every row, ~1 ms each, which sentences of letters alone never showed).
 */
export class SentenceSource {
  readonly #rng: Rng;
  readonly #words: string[];
  constructor(seed = 16, vocabularySize = 20_000) {
    this.#rng = xoroshiro128plus(seed);
    this.#words = vocabulary(vocabularySize, this.#rng);
  }
  int(min: number, max: number): number {
    return uniformInt(this.#rng, min, max);
  }
  sentence(): string {
    const n = this.int(5, 40);
    const out: string[] = [];
    for (let k = 0; k < n; k++) {
      const w = this.int(0, 3) === 0
        ? COMMON[this.int(0, COMMON.length - 1)]
        : this.#words[this.int(0, this.#words.length - 1)];
      const roll = k === 0 ? 99 : this.int(0, 99);
      out.push(
        k === 0
          ? w[0].toUpperCase() + w.slice(1)
          : roll < 2
          ? `"${w}"`
          : roll < 4
          ? `(${w})`
          : roll < 5
          ? `$${this.int(1, 999)}`
          : w,
      );
      if (k > 2 && k < n - 2 && this.int(0, 19) === 0) out[out.length - 1] += ",";
    }
    return out.join(" ") + (this.int(0, 4) === 0 ? "?" : ".");
  }
  /** An output for a reference: the share of each kind is given in {@link OUTPUT_MIX}. */
  output(reference: string): { output: string; kind: OutputKind } {
    const roll = this.int(0, 99);
    let acc = 0;
    for (const [kind, share] of OUTPUT_MIX) {
      acc += share;
      if (roll < acc) return { output: this.#as(kind, reference), kind };
    }
    return { output: this.sentence(), kind: "miss" };
  }
  #as(kind: OutputKind, ref: string): string {
    switch (kind) {
      case "exact":
        return ref;
      case "case":
        return ref.toLowerCase();
      case "punctuation":
        return ref.replace(/[.,?"()]/g, "");
      case "whitespace":
        return `  ${ref.replaceAll(" ", "  ")}\n`;
      case "wrapped":
        return `Answer: "${ref}"`;
      case "partial": {
        const words = ref.split(" ");
        for (let i = 0; i < Math.max(1, words.length / 5); i++) {
          words[this.int(0, words.length - 1)] = this.#words[this.int(0, this.#words.length - 1)];
        }
        return words.join(" ");
      }
      case "empty":
        return "";
      case "miss":
        return this.sentence();
    }
  }
}

/** Kinds of output and their share in percent: half right, a fifth near misses, the rest wrong. */
export type OutputKind =
  | "exact"
  | "case"
  | "punctuation"
  | "whitespace"
  | "wrapped"
  | "partial"
  | "empty"
  | "miss";
export const OUTPUT_MIX: readonly [OutputKind, number][] = [
  ["exact", 45],
  ["case", 5],
  ["punctuation", 5],
  ["whitespace", 5],
  ["wrapped", 5],
  ["partial", 15],
  ["empty", 2],
  ["miss", 18],
];

/** Buffered text writing to a file (1 MiB writes). */
class Sink {
  #text = "";
  readonly #enc = new TextEncoder();
  constructor(readonly file: Deno.FsFile) {}
  async add(line: string): Promise<void> {
    this.#text += line;
    if (this.#text.length > 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    const bytes = this.#enc.encode(this.#text);
    for (let off = 0; off < bytes.length;) off += await this.file.write(bytes.subarray(off));
    this.#text = "";
  }
  async close(): Promise<void> {
    await this.flush();
    this.file.close();
  }
}

async function sink(path: string): Promise<Sink> {
  return new Sink(await Deno.open(path, { write: true, create: true, truncate: true }));
}

/**
 * A results file of `rows` rows (`id`, `version`, `output`, `expected`), JSON lines: distinct
 * reference sentences, outputs mixed as {@link OUTPUT_MIX}. Returns the path and the number of
 * rows of each kind.
 */
export async function writeRealisticResults(
  path: string,
  rows: number,
  seed = 16,
): Promise<{ path: string; rows: number; kinds: Record<OutputKind, number> }> {
  const src = new SentenceSource(seed);
  const out = await sink(path);
  const kinds = Object.fromEntries(OUTPUT_MIX.map(([k]) => [k, 0])) as Record<OutputKind, number>;
  for (let i = 0; i < rows; i++) {
    const expected = src.sentence();
    const { output, kind } = src.output(expected);
    kinds[kind]++;
    await out.add(
      JSON.stringify({ id: `q-${i}`, version: i % 2 ? "v2" : "v1", output, expected }) + "\n",
    );
  }
  await out.close();
  return { path, rows, kinds };
}

/** How a six-field file is laid out: cases × systems × repeats × scorers rows, in that nesting. */
export interface SixFieldShape {
  systems: number;
  repeats: number;
  scorers: readonly string[];
}

/** The default shape: 2 systems × 5 repeats × 5 scorers, so 50 rows per case. */
export const SIX_FIELD_SHAPE: SixFieldShape = {
  systems: 2,
  repeats: 5,
  scorers: ["exact", "normalized", "contains", "bleu", "judge"],
};

/** What a generated six-field file holds, counted as it was written (to check reports against). */
export interface SixFieldCounts {
  rows: number;
  cases: number;
  passed: number;
  failed: number;
  errored: number;
  nan: number;
}

/**
 * A six-field scored file (`item, system, repeat, scorer, score, pass, error`) of `rows` rows as
 * CSV (unquoted: no cell needs quotes), CSV with every text cell quoted, or JSON lines. About 2%
 * of the rows are errors (no score, an error message), 1% NaN scores, the rest pass or fail.
 */
export async function writeSixField(
  path: string,
  rows: number,
  format: "csv" | "quoted-csv" | "jsonl",
  shape: SixFieldShape = SIX_FIELD_SHAPE,
  seed = 61,
): Promise<SixFieldCounts> {
  const src = new SentenceSource(seed, 100);
  const out = await sink(path);
  const per = shape.systems * shape.repeats * shape.scorers.length;
  const counts: SixFieldCounts = {
    rows,
    cases: Math.ceil(rows / per),
    passed: 0,
    failed: 0,
    errored: 0,
    nan: 0,
  };
  const q = format === "quoted-csv" ? (s: string) => `"${s}"` : (s: string) => s;
  if (format !== "jsonl") {
    await out.add(
      ["item", "system", "repeat", "scorer", "score", "pass", "error"].map(q).join(",") + "\n",
    );
  }
  for (let i = 0; i < rows; i++) {
    const scorer = shape.scorers[i % shape.scorers.length];
    const repeat = Math.floor(i / shape.scorers.length) % shape.repeats;
    const system = `sys-${Math.floor(i / (shape.scorers.length * shape.repeats)) % shape.systems}`;
    const item = `case-${Math.floor(i / per).toString(36).padStart(5, "0")}`;
    const roll = src.int(0, 999);
    let score: number | null;
    let pass: boolean | null;
    let error = "";
    if (roll < 20) {
      [score, pass, error] = [null, null, "Request timed out after 60 s"];
      counts.errored++;
    } else if (roll < 30) {
      [score, pass] = [NaN, null];
      counts.nan++;
    } else {
      score = src.int(0, 1000) / 1000;
      pass = score >= 0.5;
      counts[pass ? "passed" : "failed"]++;
    }
    if (format === "jsonl") {
      await out.add(
        JSON.stringify({
          item,
          system,
          repeat,
          scorer,
          score: score === null ? null : Number.isNaN(score) ? "NaN" : score,
          pass,
          error: error || null,
        }) + "\n",
      );
    } else {
      const cells = [
        item,
        system,
        String(repeat),
        scorer,
        score === null ? "" : String(score),
        pass === null ? "" : String(pass),
        error,
      ];
      await out.add(cells.map(q).join(",") + "\n");
    }
  }
  await out.close();
  return counts;
}
