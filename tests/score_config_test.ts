// A saved configuration re-runs the same scoring: the property over random graders, settings,
// thresholds and column mappings, and the cases that used to break it.
import assert from "node:assert/strict";
import fc from "fast-check";
import { capture } from "./_capture.ts";
import { optionText, someOptions } from "./_option_arbitraries.ts";
import { configFromJson, GRADER_NAMES, GRADERS, resolveScoreConfig, score } from "../mod.ts";
import { main } from "../cli.ts";

const example = new URL("../examples/returns-desk.jsonl", import.meta.url).pathname;

// A small file with a column for every role and a spare column for each remappable one.
function rowsFile(): string {
  const rows = [];
  const outputs = [
    "30",
    "15 days",
    "No.",
    " no ",
    "Yes!",
    '{"total": 12}',
    "the cat sat",
    "$1,249",
  ];
  const expected = ["30", "15", "No", "No", "Yes", '{"total": 12}', "the cat sat down", "1249"];
  for (let i = 0; i < 16; i++) {
    const k = i % outputs.length;
    const row: Record<string, unknown> = {
      id: `c${k}`,
      version: i < 8 ? "v1" : "v2",
      model: i % 3 === 0 ? "m-a" : "m-b",
      output: outputs[k],
      expected: expected[k],
      alt: i % 4 === 0 ? outputs[k] : `${expected[k]}.`,
      schema: k === 5
        ? { type: "object", required: ["total"] }
        : i % 5 === 0
        ? { type: "string" }
        : null,
      threshold: i % 3 === 0 ? 0.4 : null,
      assertions: i % 4 === 1 ? [{ type: "icontains", value: "no" }] : [],
      repeat: i % 2,
    };
    rows.push(JSON.stringify(row));
  }
  return rows.join("\n") + "\n";
}

/** The mapping overrides a user might give, and the `--map` text of each. */
const MAPPING: Record<string, (string | null)[]> = {
  schema: [null, "schema"],
  threshold: [null, "threshold"],
  assertions: [null],
  version: [null, "model", "version"],
  reference: ["expected", "alt"],
  repeat: [null],
};

const runArbitrary = fc.record({
  graders: fc.subarray([...GRADER_NAMES], { minLength: 1 }),
  options: fc.record(
    Object.fromEntries(GRADER_NAMES.map((g) => [g, someOptions(GRADERS[g].options)])),
    { requiredKeys: [] },
  ),
  thresholds: fc.record(
    Object.fromEntries(
      GRADER_NAMES.filter((g) => GRADERS[g].kind === "graded").map((g) => [
        g,
        fc.double({ min: 0, max: 1, noNaN: true }),
      ]),
    ),
    { requiredKeys: [] },
  ),
  mapping: fc.record(
    Object.fromEntries(
      Object.entries(MAPPING).map(([role, cols]) => [role, fc.constantFrom(...cols)]),
    ),
    { requiredKeys: [] },
  ),
  overall: fc.constantFrom(undefined, "all", "any"),
  format: fc.constantFrom(undefined, "jsonl"),
  defaultVersion: fc.constantFrom(undefined, "v0"),
  includeOutput: fc.boolean(),
  listsAsJson: fc.boolean(),
});

type Run = typeof runArbitrary extends fc.Arbitrary<infer T> ? T : never;

function argsOf(run: Run): string[] {
  const args = ["--graders", run.graders.join(",")];
  for (const [grader, options] of Object.entries(run.options)) {
    const schema = GRADERS[grader as keyof typeof GRADERS].options as Record<string, never>;
    for (const [key, value] of Object.entries(options ?? {})) {
      args.push("--option", `${grader}.${key}=${optionText(schema[key], value, run.listsAsJson)}`);
    }
  }
  for (const [grader, t] of Object.entries(run.thresholds)) {
    args.push("--threshold", `${grader}=${t}`);
  }
  for (const [role, column] of Object.entries(run.mapping)) {
    args.push("--map", `${role}=${column === null ? "-" : column}`);
  }
  if (run.overall) args.push("--overall", run.overall);
  if (run.format) args.push("--format", run.format);
  if (run.defaultVersion) args.push("--default-version", run.defaultVersion);
  if (run.includeOutput) args.push("--include-output");
  return args;
}

Deno.test("property: --config FILE re-runs to byte-identical scored files and reports", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const input = `${dir}/rows.jsonl`;
    await Deno.writeTextFile(input, rowsFile());
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(runArbitrary, async (run) => {
        runs++;
        const args = argsOf(run);
        const first = await capture(() =>
          main([
            "score",
            input,
            ...args,
            "--scored",
            `${dir}/a.jsonl`,
            "--save-config",
            `${dir}/c.json`,
          ])
        );
        assert.equal(first.code, 0, `${args.join(" ")}: ${first.stderr}`);
        const saved = JSON.parse(await Deno.readTextFile(`${dir}/c.json`));
        // The saved file holds the user's own choices: the overrides as given, nulls included.
        assert.deepEqual(saved.mapping, { ...run.mapping });
        assert.deepEqual(saved.graders, run.graders);
        assert.equal(saved.format, run.format ?? null);
        for (const g of run.graders) {
          assert.deepEqual(
            saved.graderOptions[g],
            JSON.parse(JSON.stringify(GRADERS[g].resolve(run.options[g]))),
          );
        }
        const second = await capture(() =>
          main(["score", input, "--config", `${dir}/c.json`, "--scored", `${dir}/b.jsonl`])
        );
        assert.equal(second.code, 0, second.stderr);
        assert.deepEqual(
          await Deno.readFile(`${dir}/b.jsonl`),
          await Deno.readFile(`${dir}/a.jsonl`),
          args.join(" "),
        );
        assert.equal(second.stdout.replace("b.jsonl", "a.jsonl"), first.stdout);
      }),
      { numRuns: 40 },
    );
    assert.equal(runs, 40);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a role switched off stays off in the re-run (--map schema=-)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = await capture(() =>
      main([
        "score",
        example,
        "--graders",
        "json-schema",
        "--map",
        "schema=-",
        "--scored",
        `${dir}/a.csv`,
        "--save-config",
        `${dir}/c.json`,
        "--json",
      ])
    );
    assert.equal(first.code, 0, first.stderr);
    const graded = (out: string) =>
      JSON.parse(out).graders.reduce((n: number, g: { graded: number }) => n + g.graded, 0);
    assert.equal(graded(first.stdout), 0);
    const saved = JSON.parse(await Deno.readTextFile(`${dir}/c.json`));
    assert.deepEqual(saved.mapping, { schema: null });
    assert.equal(saved.resolved.mapping.reference, "expected"); // for information
    assert.equal(saved.resolved.mapping.schema, undefined);
    const second = await capture(() =>
      main(["score", example, "--config", `${dir}/c.json`, "--scored", `${dir}/b.csv`, "--json"])
    );
    assert.equal(second.code, 0, second.stderr);
    assert.equal(graded(second.stdout), 0); // 6 before the fix: the schema column came back
    assert.deepEqual(await Deno.readFile(`${dir}/b.csv`), await Deno.readFile(`${dir}/a.csv`));
    // Without the override the same file grades the rows that have a schema.
    const plain = await score(example, { graders: ["json-schema"] });
    assert.ok(plain.graders.reduce((n, g) => n + g.graded, 0) > 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("configFromJson refuses unknown fields and wrong types, naming the file and field", () => {
  const cases: [string, string, RegExp][] = [
    ["{", "SyntaxError", /^Cannot read configuration "c.json": it is not valid JSON$/],
    ["[]", "TypeError", /it has no "graders" list$/],
    [
      '{"graders": ["exact"], "treshold": {}}',
      "RangeError",
      /unknown field "treshold"; the fields are verdict, graders, thresholds,/,
    ],
    [
      '{"graders": ["exact"], "mapping": ["a"]}',
      "TypeError",
      /"mapping" must be an object of role → column name or null, got \["a"\]$/,
    ],
    [
      '{"graders": ["exact"], "includeOutput": "yes"}',
      "TypeError",
      /"includeOutput" must be true or false, got "yes"$/,
    ],
    ['{"graders": [1]}', "TypeError", /"graders" must be a list of grader names, got \[1\]$/],
  ];
  for (const [text, name, message] of cases) {
    assert.throws(() => configFromJson(text, "c.json"), { name, message }, text);
  }
  // The values are checked when resolved, with the same messages as flags.
  const settings = configFromJson(
    '{"graders": ["numeric"], "graderOptions": {"numeric": {"abss": 0.1}}}',
    "c.json",
  );
  assert.throws(() => resolveScoreConfig(settings), /Grader "numeric" has no option "abss"/);
  assert.throws(
    () => resolveScoreConfig(configFromJson('{"graders": ["exact"], "format": "xml"}', "c.json")),
    { name: "RangeError", message: /^The format is one of csv, tsv, jsonl, json-array, json-rows/ },
  );
  assert.throws(
    () =>
      resolveScoreConfig(
        configFromJson('{"graders": ["exact"], "mapping": {"schema": 3}}', "c.json"),
      ),
    { name: "TypeError", message: /"schema" must be a column name or null, got 3$/ },
  );
});

Deno.test("a configuration saved before this change (resolved mapping as overrides) still runs", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const old = {
      verdict: "0.1.0",
      graders: ["exact", "bleu"],
      thresholds: { bleu: 0.4 },
      graderOptions: { exact: {}, bleu: {} },
      mapping: { case: "id", version: "version", output: "output", reference: "expected" },
      format: "jsonl",
      defaultVersion: "default",
      overall: null,
      includeOutput: false,
    };
    await Deno.writeTextFile(`${dir}/old.json`, JSON.stringify(old));
    const r = await capture(() =>
      main(["score", example, "--config", `${dir}/old.json`, "--json"])
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).config.thresholds.bleu, 0.4);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a saved mapping that names a role that does not exist is refused before any reading", async () => {
  assert.throws(
    () => resolveScoreConfig({ graders: ["exact"], mapping: { outptu: "answer" } as never }),
    (e: unknown) =>
      e instanceof RangeError && /names "outptu", which is not a role/.test(e.message) &&
      /output/.test(e.message),
  );
  const dir = await Deno.makeTempDir();
  const config = `${dir}/cfg.json`;
  await Deno.writeTextFile(
    config,
    JSON.stringify({ graders: ["exact"], mapping: { outptu: "x" } }),
  );
  const run = await capture(() =>
    main(["score", "examples/returns-desk.jsonl", "--config", config])
  );
  assert.equal(run.code, 2);
  assert.match(run.stderr, /outptu/);
  await Deno.remove(dir, { recursive: true });
});
