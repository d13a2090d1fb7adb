import assert from "node:assert/strict";
import { FORMATTING_STEPS, type FormattingStep } from "../text/mod.ts";
import { composeNormalizer, exportNormalizer } from "./normalizer_export.ts";

// Strings where Python and JavaScript differ unless the code is careful: Python-only whitespace
// (U+001C–U+001F, U+0085), a BOM and a zero-width space (not whitespace in Python), NBSP and
// ideographic spaces, special lowercasing (İ, final sigma, title-case digraphs), NFKC
// compatibility forms, curly and unmatched quotes, astral characters, and trailing punctuation.
const TRICKY = [
  "",
  " ",
  ".",
  "!",
  '"',
  "\u201c\u201d",
  "  Hello\u00a0World.  ",
  "\u3000ＡＢＣ！\u3000",
  "a\u001cb\u001dc\u001ed\u001ff",
  "\u0085lead and trail\u0085",
  "\ufeffBOM stays ",
  "zero\u200bwidth space",
  "\u180emongolian separator",
  "tabs\tand\nnew\r\nlines\u000b\u000c",
  "x\u2028y\u2029z\u202fw\u205fv\u1680u",
  "\u2000\u2001\u2002\u200a edges \u2009",
  "İstanbul",
  "ΟΔΟΣ ΣΑΣ Σ",
  "ǅungla Ǆ ǈ",
  "Straße",
  "ﬁle ﬂow ①②③ Ⅻ ㎏ ½",
  "e\u0301 vs \u00e9",
  "\u201cQuoted.\u201d",
  "\u2018single\u2019",
  "'single'",
  '"double"',
  "'mismatched\"",
  "\u201cNo\u201d",
  "end!!",
  "ends.",
  "  'New York'. ",
  "😀 Smile! 😀",
  "𝐁𝐨𝐥𝐝 𝟏𝟐𝟑",
  "Store_Credit  store credit",
  "   ",
];

const PIPELINES: FormattingStep[][] = [
  [],
  ...FORMATTING_STEPS.map((s) => [s]),
  [...FORMATTING_STEPS],
  [...FORMATTING_STEPS].reverse(),
  ["nfkc", "trim", "collapse-whitespace", "lowercase"],
  ["strip-quotes", "strip-trailing-punctuation", "strip-quotes", "trim"],
];

async function runProcess(cmd: string, args: string[], stdin: string) {
  const child = new Deno.Command(cmd, { args, stdin: "piped", stdout: "piped", stderr: "piped" })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const out = await child.output();
  const err = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, `${cmd} failed: ${err}`);
  return JSON.parse(new TextDecoder().decode(out.stdout)) as string[][];
}

async function findPython(): Promise<string | undefined> {
  for (const cmd of ["/usr/bin/python3", "python3"]) {
    try {
      const out = await new Deno.Command(cmd, {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      })
        .output();
      if (out.success) return cmd;
    } catch {
      // not installed here
    }
  }
  return undefined;
}

const expected = PIPELINES.map((steps) => TRICKY.map(composeNormalizer(steps)));

Deno.test("exported TypeScript behaves as verdict's own normalizer", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const imports: string[] = [];
    for (const [i, steps] of PIPELINES.entries()) {
      await Deno.writeTextFile(`${dir}/p${i}.ts`, exportNormalizer(steps, "typescript"));
      imports.push(`import { normalize as p${i} } from "./p${i}.ts";`);
    }
    const driver = [
      ...imports,
      "const input: string[] = JSON.parse(await new Response(Deno.stdin.readable).text());",
      `const fns = [${PIPELINES.map((_, i) => `p${i}`).join(", ")}];`,
      "console.log(JSON.stringify(fns.map((f) => input.map(f))));",
    ].join("\n");
    await Deno.writeTextFile(`${dir}/driver.ts`, driver);
    const got = await runProcess(
      Deno.execPath(),
      ["run", "--quiet", "--no-config", "--no-lock", `${dir}/driver.ts`],
      JSON.stringify(TRICKY),
    );
    PIPELINES.forEach((steps, i) => assert.deepEqual(got[i], expected[i], steps.join(",")));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exported Python behaves as verdict's own normalizer", async (t) => {
  const python = await findPython();
  if (python === undefined) {
    console.log("skipped: no python3 found (tried /usr/bin/python3 and python3 on PATH)");
    return;
  }
  const dir = await Deno.makeTempDir();
  try {
    for (const [i, steps] of PIPELINES.entries()) {
      await Deno.writeTextFile(`${dir}/p${i}.py`, exportNormalizer(steps, "python"));
    }
    const driver = [
      "import json, sys",
      `sys.path.insert(0, ${JSON.stringify(dir)})`,
      "import importlib",
      `fns = [importlib.import_module(f"p{i}").normalize for i in range(${PIPELINES.length})]`,
      'data = json.loads(sys.stdin.buffer.read().decode("utf-8"))',
      "print(json.dumps([[f(s) for s in data] for f in fns]))",
    ].join("\n");
    await Deno.writeTextFile(`${dir}/driver.py`, driver);
    const got = await runProcess(python, [`${dir}/driver.py`], JSON.stringify(TRICKY));
    await t.step(`${python}: ${PIPELINES.length} pipelines × ${TRICKY.length} strings`, () => {
      PIPELINES.forEach((steps, i) => {
        TRICKY.forEach((s, j) => {
          assert.equal(got[i][j], expected[i][j], `${steps.join(",")} on ${JSON.stringify(s)}`);
        });
      });
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the tricky strings do exercise every step", () => {
  for (const step of FORMATTING_STEPS) {
    const changed = TRICKY.filter((s) => composeNormalizer([step])(s) !== s).length;
    assert.ok(changed >= 3, `${step} changes only ${changed} strings`);
  }
});

Deno.test("bad steps, names and languages are refused", () => {
  assert.throws(() => exportNormalizer(["trim", "stem" as FormattingStep], "python"), {
    name: "RangeError",
    message: /Unknown formatting step "stem": choose from trim, lowercase/,
  });
  assert.throws(() => exportNormalizer(["trim"], "python", { name: "1x" }), RangeError);
  assert.throws(() => exportNormalizer(["trim"], "python", { name: "lambda" }), RangeError);
  assert.throws(() => exportNormalizer(["trim"], "ruby" as never), RangeError);
  const empty = exportNormalizer([], "typescript");
  assert.match(empty, /Steps, in order: none/);
  assert.doesNotMatch(empty, /WHITESPACE/);
});
