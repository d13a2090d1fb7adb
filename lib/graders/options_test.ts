import assert from "node:assert/strict";
import {
  allowedText,
  defaultOptions,
  type OptionsOf,
  type OptionsSchema,
  parseOptionText,
  resolveOptions,
} from "./options.ts";
import { isUserError } from "../errors/mod.ts";

// The kinds of setting issue 18 needs (sacreBLEU's BLEU and chrF, SQuAD's version), as data.
const SCHEMA = {
  tokenize: {
    type: "enum",
    values: ["13a", "none", "intl", "char", "zh"],
    default: "13a",
    help: "tokenizer",
  },
  lowercase: { type: "boolean", default: false, help: "lowercase both sides" },
  smoothValue: {
    type: "number",
    minimum: 0,
    nullable: true,
    default: null,
    help: "smoothing value (null: the method's own)",
  },
  maxNgramOrder: { type: "integer", minimum: 1, maximum: 9, default: 4, help: "n-gram order" },
  beta: { type: "number", exclusiveMinimum: 0, default: 2, help: "recall weight" },
  version: { type: "enum", values: [1, 2], default: 1, help: "SQuAD version" },
  steps: { type: "list", values: ["a", "b", "c"], default: ["a", "b"], help: "steps" },
  schema: { type: "json", nullable: true, default: null, help: "a JSON Schema" },
} as const satisfies OptionsSchema;

Deno.test("the options type follows the schema", () => {
  const options: OptionsOf<typeof SCHEMA> = defaultOptions(SCHEMA);
  const tokenize: "13a" | "none" | "intl" | "char" | "zh" = options.tokenize;
  const version: 1 | 2 = options.version;
  const smooth: number | null = options.smoothValue;
  assert.deepEqual([tokenize, version, smooth], ["13a", 1, null]);
  assert.deepEqual(options.steps, ["a", "b"]);
});

Deno.test("resolveOptions: defaults, given values, undefined left to the default", () => {
  assert.deepEqual(resolveOptions("m", SCHEMA, undefined), defaultOptions(SCHEMA));
  const r = resolveOptions("m", SCHEMA, {
    tokenize: "intl",
    smoothValue: 0.1,
    maxNgramOrder: undefined,
    version: 2,
    steps: [],
    schema: { type: "object" },
  });
  assert.equal(r.tokenize, "intl");
  assert.equal(r.smoothValue, 0.1);
  assert.equal(r.maxNgramOrder, 4);
  assert.equal(r.version, 2);
  assert.deepEqual(r.steps, []);
  assert.deepEqual(r.schema, { type: "object" });
});

Deno.test("resolveOptions: wrong types are TypeErrors, values out of range RangeErrors", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ lowercase: "yes" }, "TypeError", 'option "lowercase" must be true or false, got "yes"'],
    [{ lowercase: 1 }, "TypeError", "must be true or false, got 1"],
    [{ tokenize: "moses" }, "RangeError", 'must be one of 13a, none, intl, char, zh, got "moses"'],
    [{ tokenize: 13 }, "TypeError", "must be one of 13a, none, intl, char, zh, got 13"],
    [{ version: "2" }, "TypeError", 'option "version" must be one of 1, 2, got "2"'],
    [{ version: 3 }, "RangeError", "must be one of 1, 2, got 3"],
    [{ maxNgramOrder: 2.5 }, "RangeError", "must be a whole number ≥ 1 and ≤ 9, got 2.5"],
    [{ maxNgramOrder: 0 }, "RangeError", "must be a whole number ≥ 1 and ≤ 9, got 0"],
    [{ maxNgramOrder: "4" }, "TypeError", 'must be a whole number ≥ 1 and ≤ 9, got "4"'],
    [{ beta: 0 }, "RangeError", 'option "beta" must be a number > 0, got 0'],
    [{ beta: Infinity }, "RangeError", "must be a number > 0, got Infinity"],
    [{ beta: NaN }, "RangeError", "must be a number > 0, got NaN"],
    [{ smoothValue: -1 }, "RangeError", "must be a number ≥ 0, or null, got -1"],
    [{ beta: null }, "TypeError", 'option "beta" must be a number > 0, got null'],
    [{ steps: "a" }, "TypeError", 'must be a list of a, b, c (each at most once), got "a"'],
    [{ steps: ["a", "d"] }, "RangeError", 'got ["a","d"]'],
    [{ steps: ["a", "a"] }, "RangeError", 'got ["a","a"]'],
  ];
  for (const [given, name, message] of cases) {
    assert.throws(() => resolveOptions("metric", SCHEMA, given), (e: Error) => {
      assert.equal(e.name, name, JSON.stringify(given));
      assert.ok(isUserError(e), "a user error, not a bug");
      assert.ok(e.message.startsWith('Grader "metric": option "'), e.message);
      assert.ok(e.message.endsWith(message), `${e.message} should end with ${message}`);
      return true;
    });
  }
});

Deno.test("resolveOptions: an unknown option names the options there are", () => {
  assert.throws(() => resolveOptions("bleu", SCHEMA, { tokenizer: "13a" }), {
    name: "RangeError",
    message:
      /^Grader "bleu" has no option "tokenizer" \(did you mean "tokenize"\?\); its options: tokenize \(one of 13a, none, intl, char, zh\); lowercase \(true or false\);/,
  });
  assert.throws(
    () => resolveOptions("bleu", SCHEMA, { LOWERCASE: true }),
    /did you mean "lowercase"/,
  );
  assert.throws(() => resolveOptions("bleu", SCHEMA, { zzz: 1 }), (e: Error) => {
    assert.ok(!e.message.includes("did you mean"));
    return true;
  });
  assert.throws(() => resolveOptions("exact", {}, { ignoreCase: true }), {
    name: "RangeError",
    message: 'Grader "exact" takes no options, got "ignoreCase"',
  });
  assert.throws(() => resolveOptions("bleu", SCHEMA, "tokenize=intl"), {
    name: "TypeError",
    message: 'Grader "bleu": options must be an object of named settings, got "tokenize=intl"',
  });
  // Inherited names are not options.
  assert.throws(() => resolveOptions("bleu", SCHEMA, JSON.parse('{"toString": 1}')), RangeError);
});

Deno.test("parseOptionText reads each type from command-line text", () => {
  const p = (name: string, text: string) => parseOptionText("m", SCHEMA, name, text);
  assert.equal(p("lowercase", "true"), true);
  assert.equal(p("lowercase", " false "), false);
  assert.equal(p("tokenize", "intl"), "intl");
  assert.equal(p("version", "2"), 2);
  assert.equal(p("maxNgramOrder", "3"), 3);
  assert.equal(p("beta", "1e-3"), 0.001);
  assert.equal(p("smoothValue", "null"), null);
  assert.deepEqual(p("steps", "b,a"), ["b", "a"]);
  assert.deepEqual(p("steps", '["c"]'), ["c"]);
  assert.deepEqual(p("steps", ""), []);
  assert.deepEqual(p("schema", '{"type": "string"}'), { type: "string" });
  for (
    const [name, text, kind] of [
      ["lowercase", "5", TypeError],
      ["lowercase", "True", TypeError],
      ["lowercase", "", TypeError],
      ["version", "3", TypeError], // not one of the values: left as text, refused as text
      ["maxNgramOrder", "four", TypeError],
      ["maxNgramOrder", "0", RangeError],
      ["beta", "", TypeError],
      ["beta", "null", TypeError],
      ["steps", "a,x", RangeError],
      ["schema", "{oops", SyntaxError],
      ["nope", "1", RangeError],
    ] as const
  ) {
    assert.throws(() => p(name, text), kind, `${name}=${text}`);
  }
});

Deno.test("allowedText describes ranges both open and closed", () => {
  const n = (r: object) => allowedText({ type: "number", default: 0, help: "", ...r });
  assert.equal(n({}), "a number");
  assert.equal(n({ minimum: 0, maximum: 1 }), "a number ≥ 0 and ≤ 1");
  assert.equal(n({ exclusiveMinimum: 0, exclusiveMaximum: 1 }), "a number > 0 and < 1");
  assert.equal(n({ maximum: 5 }), "a number ≤ 5");
});
