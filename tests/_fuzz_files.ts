// A fuzz suite over real files — the examples and, when present, the harness fixtures — corrupted
// by fast-check: truncation, byte flips, duplicated and deleted lines, values of the wrong type,
// huge numbers, deep nesting, __proto__/constructor keys, invalid UTF-8 and mixed line ends. For
// each corrupted file, verdict must neither crash (only user errors may be thrown) nor hang (each
// read has a generous time limit), and every record must be used or listed with a reason —
// counted against an independent count of the records in the corrupted bytes, never against the
// report's own sum. Run by tests/fuzz_files_test.ts in a child process, which it watches: a
// case that takes too long (a hang, even one that never yields) is killed and named.
import assert from "node:assert/strict";
import fc from "fast-check";
import { countRecords } from "./_independent_count.ts";
import { isUserError, openRecords, readResultRows, tryReadHarnessFile } from "../mod.ts";

const LIMIT_MS = 30_000;

async function filesIn(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await filesIn(path, keep));
    else if (keep(e.name)) out.push(path);
  }
  return out.sort();
}

const DATA = /\.(jsonl|json|csv|tsv|eval)$/;

// ---- mutations ---------------------------------------------------------------------------

type Mutation = (bytes: Uint8Array) => Uint8Array;
const enc = new TextEncoder();
const dec = new TextDecoder(); // lossy on purpose: mutations work on text where they can

function onText(f: (text: string) => string): Mutation {
  return (bytes) => enc.encode(f(dec.decode(bytes)));
}

/** The k-th match of `re` in `text` (cyclically), or undefined when there is none. */
function nth(text: string, re: RegExp, k: number): RegExpExecArray | undefined {
  const all = [...text.matchAll(new RegExp(re.source, "g"))];
  return all.length === 0 ? undefined : all[k % all.length] as RegExpExecArray;
}

const JSON_VALUE = /":\s*("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/;
const JSON_KEY = /"([A-Za-z_][\w.-]*)"\s*:/;

function replaceValue(text: string, k: number, value: string): string {
  const m = nth(text, JSON_VALUE, k);
  if (m) {
    const start = m.index + m[0].length - m[1].length;
    return text.slice(0, start) + value + text.slice(start + m[1].length);
  }
  // CSV-like text: put it in a cell of a line (quoted, so the record keeps its shape).
  const lines = text.split("\n");
  const i = 1 + (k % Math.max(1, lines.length - 1));
  if (i < lines.length) lines[i] = `"${value.replaceAll('"', '""')}",${lines[i]}`;
  return lines.join("\n");
}

const mutation: fc.Arbitrary<{ name: string; apply: Mutation }> = fc.oneof(
  fc.nat().map((at) => ({
    name: `truncate@${at}`,
    apply: (b: Uint8Array) => b.slice(0, at % (b.length + 1)),
  })),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, x]) => ({
    name: `flip@${at}^${x}`,
    apply: (b: Uint8Array) => {
      if (b.length === 0) return b;
      const out = b.slice();
      out[at % out.length] ^= x;
      return out;
    },
  })),
  fc.nat().map((k) => ({
    name: `duplicate-line ${k}`,
    apply: onText((t) => {
      const lines = t.split("\n");
      lines.splice(k % lines.length, 0, lines[k % lines.length]);
      return lines.join("\n");
    }),
  })),
  fc.nat().map((k) => ({
    name: `delete-line ${k}`,
    apply: onText((t) => {
      const lines = t.split("\n");
      lines.splice(k % lines.length, 1);
      return lines.join("\n");
    }),
  })),
  fc.tuple(fc.nat(), fc.constantFrom("123", "[]", "{}", "null", "true", '"text"', "[1,[2]]"))
    .map(([k, v]) => ({
      name: `wrong-type ${k}=${v}`,
      apply: onText((t) => replaceValue(t, k, v)),
    })),
  fc.tuple(fc.nat(), fc.constantFrom("1e400", "-1e400", "123456789012345678901234567890", "1e-400"))
    .map(([k, v]) => ({
      name: `huge-number ${k}=${v}`,
      apply: onText((t) => replaceValue(t, k, v)),
    })),
  fc.tuple(fc.nat(), fc.integer({ min: 50, max: 3000 })).map(([k, depth]) => ({
    name: `deep-nesting ${k}×${depth}`,
    apply: onText((t) => replaceValue(t, k, "[".repeat(depth) + "1" + "]".repeat(depth))),
  })),
  fc.tuple(fc.nat(), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty"))
    .map(([k, key]) => ({
      name: `key ${k}→${key}`,
      apply: onText((t) => {
        const m = nth(t, JSON_KEY, k);
        if (m) return t.slice(0, m.index) + `"${key}":` + t.slice(m.index + m[0].length);
        const nl = t.indexOf("\n");
        return nl < 0 ? t : key + "," + t.slice(t.indexOf(",") + 1); // a CSV header name
      }),
    })),
  fc.tuple(fc.nat(), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88]))
    .map(([at, bad]) => ({
      name: `invalid-utf8@${at}`,
      apply: (b: Uint8Array) => {
        const i = at % (b.length + 1);
        return new Uint8Array([...b.subarray(0, i), ...bad, ...b.subarray(i)]);
      },
    })),
  fc.array(fc.constantFrom("\n", "\r\n", "\r"), { minLength: 1, maxLength: 5 }).map((ends) => ({
    name: `line-ends ${JSON.stringify(ends)}`,
    apply: onText((t) => {
      let i = 0;
      return t.replace(/\r?\n/g, () => ends[i++ % ends.length]);
    }),
  })),
);

// ---- independent counts ------------------------------------------------------------------

/** The independent count of the records in corrupted bytes (none when not UTF-8). */
function countIn(bytes: Uint8Array, format: string | null): number | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return undefined;
  }
  return countRecords(text, format);
}

/** Non-blank line numbers of JSON lines text (1-based). */
function lineNumbers(bytes: Uint8Array): number[] {
  return dec.decode(bytes).split("\n").flatMap((l, i) => l.trim() === "" ? [] : [i + 1]);
}

// ---- the checks --------------------------------------------------------------------------

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: hung for ${LIMIT_MS} ms`)), LIMIT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Run `work`; a thrown error must be a user error (a file verdict cannot read at all). */
async function noCrash<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await timed(what, work);
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    if (error instanceof Error && error.message.includes("hung for")) throw error;
    assert.ok(isUserError(error), `${what}: not a user error: ${(error as Error)?.stack ?? error}`);
    return undefined;
  }
}

let checked = 0;

/** Every check on one corrupted file. */
async function checkFile(name: string, bytes: Uint8Array, harness: boolean): Promise<void> {
  if (!name.endsWith(".eval")) {
    // The reading pipeline: records yielded = the independent count.
    await noCrash(`${name}: records`, async () => {
      const records = await openRecords(bytes, { name });
      let n = 0;
      for await (const _ of records) n++;
      const expected = countIn(bytes, records.format);
      if (expected !== undefined) {
        checked++;
        assert.equal(n, expected, `${name}: records read (${records.format})`);
      }
    });
    // The score job's reader: every record read is used or left out, one reason each.
    await noCrash(`${name}: result rows`, async () => {
      const { rows, report } = await readResultRows(bytes, { name });
      const json = report.toJSON();
      let leftOut = 0;
      for (const entry of Object.values(json.rows.leftOut)) leftOut += entry?.count ?? 0;
      assert.equal(json.rows.used, rows.length);
      const expected = countIn(bytes, json.format);
      if (expected !== undefined) assert.equal(json.rows.used + leftOut, expected, name);
    });
  }
  if (!harness) return;
  // The harness readers: every non-blank line of JSON lines is a row or a listed refusal.
  await noCrash(`${name}: harness`, async () => {
    const result = await tryReadHarnessFile({ bytes, name });
    if (!result || result.detected.format !== "jsonl") return;
    const covered = new Set<number>();
    for (const r of result.rows) covered.add(r.row);
    for (const r of result.refused) covered.add(r.row);
    for (const p of result.problems) covered.add(p.row);
    const missing = lineNumbers(bytes).filter((l) => !covered.has(l));
    checked++;
    assert.deepEqual(missing, [], `${name}: lines neither read nor listed`);
  });
}

async function fuzz(files: string[], seed: number, runs: number): Promise<void> {
  for (const path of files) {
    const original = await Deno.readFile(path);
    const name = path.slice(path.lastIndexOf("/") + 1);
    // Files a harness reader claims as they are get the harness checks too.
    const harness = path.endsWith(".eval") ||
      (await tryReadHarnessFile({ bytes: original, name }).catch(() => null)) !== null;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        let bytes: Uint8Array = original;
        for (const m of mutations) bytes = m.apply(bytes);
        const label = `${name} [${mutations.map((m) => m.name).join(", ")}]`;
        console.log(`case ${label}`);
        await checkFile(label, bytes, harness);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  }
}

/** The data files under `dir`. */
export function dataFiles(dir: string): Promise<string[]> {
  return filesIn(dir, (n) => DATA.test(n));
}

if (import.meta.main) {
  // deno run -A tests/_fuzz_files.ts DIR SEED RUNS: prints "case NAME" before each check, and
  // "done FILES CHECKED" at the end; a failed check throws (exit code 1, reason on stderr).
  const [dir, seed, runs] = Deno.args;
  const files = await dataFiles(dir);
  await fuzz(files, Number(seed), Number(runs));
  console.log(`done ${files.length} ${checked}`);
}
