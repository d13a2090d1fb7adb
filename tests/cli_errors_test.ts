// User errors and bugs on the command line: a mistake in a file, a flag or a mapping prints one
// line and exits 2, in every format; anything else prints its stack, asks for a report and exits
// 70. A scan keeps verdict's own throws recognisable as user errors.
import assert from "node:assert/strict";
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { capture, ROOT_DIR, runProcess } from "./_capture.ts";
import { main } from "../cli.ts";
import { EXIT_BUG, EXIT_USAGE, run, UsageError } from "../cli/_common.ts";
import { type Format, FORMATS } from "../mod.ts";

/** Write `rows` in `format` to `dir`; returns the path. */
async function writeRows(
  dir: string,
  rows: Record<string, unknown>[],
  format: Format,
): Promise<string> {
  const columns = Object.keys(rows[0]);
  const text = format === "csv" || format === "tsv"
    ? Papa.unparse(rows, { columns, delimiter: format === "csv" ? "," : "\t" })
    : format === "jsonl"
    ? rows.map((r) => JSON.stringify(r)).join("\n")
    : format === "json-array"
    ? JSON.stringify(rows, null, 1)
    : JSON.stringify({ rows }, null, 1);
  const path = `${dir}/rows.${format}`;
  await Deno.writeTextFile(path, text);
  return path;
}

/** Run the CLI in process and check that it failed with one line, no stack, exit code 2. */
async function userError(args: string[], message: RegExp): Promise<string> {
  const r = await capture(() => main(args));
  assert.equal(r.code, EXIT_USAGE, `${args.join(" ")}\n${r.stderr}`);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr.split("\n").length, 1, `one line:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /bug in verdict/);
  assert.match(r.stderr, message);
  return r.stderr;
}

const SCORE_ROWS = [
  { id: "q1", output: "Paris", expected: "Paris" },
  { id: "q2", output: "Lyon", expected: "Paris" },
];
const AUDIT_ROWS = [
  { item: "q1", system: "v1", scorer: "exact", score: 1, pass: true },
  { item: "q2", system: "v1", scorer: "exact", score: 0, pass: false },
];

Deno.test("score and audit: a mapped column the file lacks exits 2 in every format", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const format of FORMATS) {
      const where = format === "csv" || format === "tsv" ? "the header" : "the file";
      const scored = await writeRows(dir, SCORE_ROWS, format);
      await userError(
        ["score", scored, "--map", "output=nope"],
        new RegExp(
          `^verdict score: Cannot read "${scored}": column "nope" \\(mapped to output\\) is not ` +
            `in ${where}; its columns are id, output, expected$`,
        ),
      );
      const audited = await writeRows(dir, AUDIT_ROWS, format);
      await userError(
        ["audit", audited, "--map", "pass=verdict"],
        new RegExp(
          `^verdict audit: Cannot read "${audited}": column "verdict" \\(mapped to pass\\) is ` +
            `not in ${where}; its columns are item, system, scorer, score, pass$`,
        ),
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score and audit: a role that does not exist exits 2, naming the roles", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const format of FORMATS) {
      const scored = await writeRows(dir, SCORE_ROWS, format);
      await userError(
        ["score", scored, "--map", "outptu=output"],
        /the mapping names "outptu", which is not a role \(did you mean output\?\); the roles are case, version, repeat, output, reference, expectedKind, assertions, schema, threshold$/,
      );
      const audited = await writeRows(dir, AUDIT_ROWS, format);
      await userError(
        ["audit", audited, "--map", "scorre=scorer"],
        /the mapping names "scorre", which is not a role \(did you mean score\?\); the roles are case, version, repeat, grader, score, pass, error, errorKind, rawGrade, declared, scaleMin, scaleMax$/,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("names from Object.prototype in --map are user errors, not crashes", async () => {
  const example = `${ROOT_DIR}examples/returns-desk.jsonl`;
  await userError(
    ["score", example, "--map", "output=constructor"],
    /column "constructor" \(mapped to output\) is not in the file/,
  );
  await userError(
    ["score", example, "--map", "__proto__=output"],
    /the mapping names "__proto__", which is not a role/,
  );
  await userError(
    ["score", example, "--map", "toString=output"],
    /the mapping names "toString", which is not a role/,
  );
  await userError(
    ["audit", `${ROOT_DIR}examples/returns-desk-runs.jsonl`, "--map", "pass=hasOwnProperty"],
    /column "hasOwnProperty" \(mapped to pass\) is not in the file/,
  );
  await userError(
    ["audit", `${ROOT_DIR}examples/returns-desk-runs.jsonl`, "--harness", "constructor"],
    /--harness is one of .*, not "constructor"/,
  );
});

Deno.test("a file without the output column exits 2 and says how to map one", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/answers.csv`;
    await Deno.writeTextFile(path, "id,answer,gold\nq1,Paris,Paris\n");
    await userError(
      ["score", path],
      /no column for the output \(looked for output, actual, .* in the header\); its columns are id, answer, gold\. Map one with --map output=COLUMN/,
    );
    const ok = await capture(() => main(["score", path, "--map", "output=answer", "--json"]));
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).rows.used, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("flags and files: formats from the one list, damaged gzip, confidence", async () => {
  const example = `${ROOT_DIR}examples/returns-desk.jsonl`;
  const formats = FORMATS.join(", ");
  await userError(
    ["score", example, "--format", "xml"],
    new RegExp(`--format must be one of ${formats}, got "xml"$`),
  );
  await userError(
    ["audit", example, "--format", "xls"],
    new RegExp(`--format must be one of ${formats}, got "xls"$`),
  );
  for (const help of ["score", "audit"]) {
    const r = await capture(() => main([help, "--help"]));
    assert.match(
      r.stdout.replace(/\s+/g, " "),
      new RegExp(`--format F read the file as ${formats}`),
    );
  }
  await userError(
    ["audit", example, "--confidence", "high"],
    /^verdict audit: --confidence must be a number between 0 and 1 \(exclusive\), such as 0\.95, got "high"$/,
  );
  await userError(
    ["interval", "--passes", "3", "--fails", "1", "--confidence", "1"],
    /^verdict interval: --confidence must be a number between 0 and 1 \(exclusive\), such as 0\.95, got 1$/,
  );
  const dir = await Deno.makeTempDir();
  try {
    const gz = new Uint8Array(
      await new Response(
        new Blob(['{"id":"a","output":"x"}\n'.repeat(500)]).stream()
          .pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer(),
    );
    await Deno.writeFile(`${dir}/cut.jsonl.gz`, gz.slice(0, gz.length - 12));
    await userError(
      ["score", `${dir}/cut.jsonl.gz`],
      /Cannot read ".*cut.jsonl.gz": its gzip data is cut off/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a bug prints its stack, asks for a report and exits 70", async () => {
  const bug = await capture(() =>
    run("score", () => {
      const rows = undefined as unknown as string[];
      for (const _ of rows) break; // undefined is not iterable: a bug, not the user's mistake
      return Promise.resolve(0);
    })
  );
  assert.equal(bug.code, EXIT_BUG);
  assert.match(
    bug.stderr,
    /^verdict score: this is a bug in verdict, not a problem with your input/,
  );
  assert.match(bug.stderr, /TypeError: .*not iterable/);
  assert.match(bug.stderr, /\n\s+at /, "the stack is kept");
  // A plain built-in error thrown by code is a bug too; a branded one, or UsageError, is not.
  const plain = await capture(() => run("audit", () => Promise.reject(new RangeError("x"))));
  assert.equal(plain.code, EXIT_BUG);
  const usage = await capture(() => run("audit", () => Promise.reject(new UsageError("bad"))));
  assert.deepEqual([usage.code, usage.stderr], [EXIT_USAGE, "verdict audit: bad"]);
  // Deno's own errors about a path the user gave are the user's to fix.
  const missing = await capture(() =>
    run("score", () => Deno.readTextFile("/nonexistent/config.json").then(() => 0))
  );
  assert.equal(missing.code, EXIT_USAGE);
  assert.equal(missing.stderr.split("\n").length, 1);
});

Deno.test("the exit codes reach the shell from the real entry point", async () => {
  const r = await runProcess([
    "run",
    "--no-prompt",
    "--allow-read",
    "cli.ts",
    "score",
    "examples/returns-desk.jsonl",
    "--map",
    "output=nope",
  ]);
  assert.equal(r.code, EXIT_USAGE);
  assert.match(
    r.stderr,
    /^verdict score: Cannot read "examples\/returns-desk.jsonl": column "nope"/,
  );
});

Deno.test("without --allow-read a command says it needs read access, with exit 2 and no stack", async () => {
  for (
    const args of [["interval", "--passes", "3", "--fails", "1"], ["score", "--pair", "a", "b"]]
  ) {
    const r = await runProcess(["run", "--no-prompt", "cli.ts", ...args]);
    assert.equal(r.code, EXIT_USAGE, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`^verdict ${args[0]}: Deno needs read access .*--allow-read`),
    );
    assert.doesNotMatch(r.stderr, /Uncaught|\n\s+at /);
  }
});

/**
 * Every error verdict throws on purpose must be recognisable as a user error: a plain
 * `new TypeError(…)` (or RangeError, SyntaxError) under lib/ or cli/ would print as a bug. Code
 * that means a misuse by the calling program says so in the comment line just above it; render
 * imports nothing of ours and throws plain errors for its callers.
 */
Deno.test("verdict's own throws are user errors (UserTypeError, UserRangeError, UserSyntaxError)", async () => {
  const offenders: string[] = [];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${ROOT_DIR}${dir}`)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (path !== "lib/render") await walk(path);
        continue;
      }
      if (!entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
      const lines = (await Deno.readTextFile(`${ROOT_DIR}${path}`)).split("\n");
      lines.forEach((line, i) => {
        if (!/\bnew (Type|Range|Syntax)Error\(/.test(line)) return;
        if (/a plain (Type|Range|Syntax)Error/.test(lines[i - 1] ?? "")) return;
        offenders.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
  };
  await walk("lib");
  await walk("cli");
  assert.deepEqual(
    offenders,
    [],
    "throw new UserTypeError/UserRangeError/UserSyntaxError (lib/errors) for mistakes in the input",
  );
});
