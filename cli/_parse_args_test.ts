// cli/_parse_args.js is generated (tools/bundle_cjs.ts; lib/graders/_ajv_test.ts checks that the
// committed file is what the script makes): the commands parse their flags with it instead of
// node:util's parseArgs, so it must give what both the package and node:util give, errors included.
import assert from "node:assert/strict";
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from "node:util";
import fc from "fast-check";
import packageParseArgs from "@pkgjs/parseargs";
import { parseArgs } from "./_parse_args.js";
import { parse } from "./_common.ts";

// Every kind of option the commands declare: strings, booleans, repeated strings, short names.
const OPTIONS = {
  graders: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  threshold: { type: "string", multiple: true },
  verbose: { type: "boolean", short: "v" },
  out: { type: "string", short: "o" },
} as const satisfies NonNullable<ParseArgsConfig["options"]>;

// Well-formed and malformed pieces of a command line, in any order.
const TOKENS = [
  "--graders",
  "--graders=exact,bleu",
  "exact",
  "--json",
  "--json=yes",
  "-h",
  "--help",
  "--threshold",
  "bleu=0.3",
  "--threshold=chrf=40",
  "-v",
  "-hv",
  "-o",
  "-oout.json",
  "--out",
  "results.jsonl",
  "-",
  "--",
  "--unknown",
  "-x",
  "--no-json",
  "",
  "é.csv",
];

/**
 * What a parser gives for `args`: its result, or the code and message of what it threw (the class
 * differs: the package throws `Error`s where Node throws `TypeError`s; `parse` reads the message).
 */
function outcome(parser: typeof nodeParseArgs, args: string[]): unknown {
  try {
    const { values, positionals } = parser({
      args,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    return { values: { ...values }, positionals };
  } catch (error) {
    return error instanceof Error
      ? { code: (error as { code?: string }).code, message: error.message }
      : { threw: String(error) };
  }
}

Deno.test("the bundled parseArgs gives what the package and node:util give, errors included", () => {
  const pkg = (packageParseArgs as { parseArgs: typeof nodeParseArgs }).parseArgs;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (args) => {
      const bundled = outcome(parseArgs, args);
      assert.deepEqual(bundled, outcome(pkg, args), JSON.stringify(args));
      assert.deepEqual(bundled, outcome(nodeParseArgs, args), JSON.stringify(args));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("a command's parse reports a malformed flag as a usage error naming the command", () => {
  const { values, positionals } = parse(
    ["--threshold", "a=1", "--threshold=b=2", "in.jsonl", "--json"],
    OPTIONS,
    "score",
  );
  assert.deepEqual({ ...values }, { threshold: ["a=1", "b=2"], json: true });
  assert.deepEqual(positionals, ["in.jsonl"]);
  assert.throws(
    () => parse(["--nope"], OPTIONS, "score"),
    (error: Error) =>
      error.name === "UsageError" &&
      /^Unknown option '--nope'.*Run "verdict score --help" for usage\.$/.test(error.message),
  );
  assert.throws(
    () => parse(["--graders"], OPTIONS, "audit"),
    /^UsageError: Option '--graders <value>' argument missing\. Run "verdict audit --help"/,
  );
});
