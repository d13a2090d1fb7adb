import assert from "node:assert/strict";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { FlagError, type FlagOptions, parseFlags } from "./_args.ts";

// Flags of every kind the commands declare, plus a one-letter string flag (none is declared
// today; its paths are held to node:util's too).
const OPTIONS = {
  graders: { type: "string" },
  map: { type: "string", multiple: true },
  threshold: { type: "string", multiple: true },
  json: { type: "boolean" },
  flag: { type: "boolean", multiple: true },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
  sample: { type: "string", short: "s" },
} as const satisfies FlagOptions;

/** The outcome of a parser: its values and positionals, or its error message. */
function outcome(parse: () => { values: object; positionals: string[] }) {
  try {
    const { values, positionals } = parse();
    assert.equal(Object.getPrototypeOf(values), null);
    return { values: Object.entries(values), positionals };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function same(args: string[]) {
  const ours = outcome(() => parseFlags(args, OPTIONS));
  const node = outcome(() =>
    parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  );
  assert.deepEqual(ours, node, `arguments ${JSON.stringify(args)}`);
}

const TOKENS = [
  "--graders",
  "--graders=exact,bleu",
  "--graders=",
  "--map",
  "--map=output=answer",
  "--threshold",
  "--json",
  "--json=yes",
  "--json=",
  "--flag",
  "--verbose",
  "--help",
  "--sample",
  "--sample=3",
  "-v",
  "-h",
  "-s",
  "-vh",
  "-hv",
  "-vs3",
  "-s3",
  "-sv",
  "-x",
  "-vx",
  "-xv",
  "--bogus",
  "--bogus=1",
  "--__proto__",
  "--__proto__=1",
  "--constructor",
  "--=x",
  "---",
  "---x",
  "--",
  "-",
  "-1",
  "-5.5",
  "file.jsonl",
  "exact",
  "a=b",
  "",
  "--é",
  "-é",
];

Deno.test("parseFlags gives node:util parseArgs's values, positionals and messages", () => {
  for (const a of TOKENS) {
    same([a]);
    for (const b of TOKENS) same([a, b]);
  }
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 })), {
        maxLength: 8,
      }),
      (args) => same(args),
    ),
    { numRuns: 3000 },
  );
});

Deno.test("parseFlags throws FlagError, which the commands turn into usage errors", () => {
  assert.throws(() => parseFlags(["--nope"], OPTIONS), FlagError);
  assert.throws(() => parseFlags(["--json=1"], OPTIONS), FlagError);
  assert.throws(() => parseFlags(["--graders", "--json"], OPTIONS), FlagError);
  assert.deepEqual(parseFlags(["--", "--json"], OPTIONS).positionals, ["--json"]);
});
