// fast-check arbitraries drawn from grader options schemas: any valid value of any option, and the
// command-line text that stands for it. Property tests over grader settings build on these.
import fc from "fast-check";
import type { OptionSpec, OptionsSchema } from "../mod.ts";

function bounds(
  spec: {
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: number;
    exclusiveMaximum?: number;
  },
) {
  const min = spec.minimum ?? spec.exclusiveMinimum ?? -1000;
  const max = spec.maximum ?? spec.exclusiveMaximum ?? min + 1000;
  const inside = (n: number) =>
    (spec.exclusiveMinimum === undefined || n > spec.exclusiveMinimum) &&
    (spec.exclusiveMaximum === undefined || n < spec.exclusiveMaximum);
  return { min, max, inside };
}

/** Any value the option allows. */
export function optionValue(spec: OptionSpec): fc.Arbitrary<unknown> {
  let base: fc.Arbitrary<unknown>;
  switch (spec.type) {
    case "boolean":
      base = fc.boolean();
      break;
    case "enum":
      base = fc.constantFrom(...spec.values);
      break;
    case "integer": {
      const { min, max, inside } = bounds(spec);
      base = fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).filter(inside);
      break;
    }
    case "number": {
      const { min, max, inside } = bounds(spec);
      base = fc.oneof(
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(min, max, (min + max) / 2),
      ).filter(inside);
      break;
    }
    case "list":
      base = fc.shuffledSubarray([...spec.values]);
      break;
    case "json":
      base = fc.constantFrom(spec.default, { type: "object" }, { type: "string" });
      break;
  }
  return spec.nullable ? fc.option(base, { nil: null }) : base;
}

/** Some of a schema's options (possibly none), each with a value it allows. */
export function someOptions(schema: OptionsSchema): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.fromEntries(
    Object.entries(schema).map(([name, spec]) => [name, optionValue(spec)]),
  );
  return fc.record(entries, { requiredKeys: [] });
}

/** The command-line text of an option's value (`--option G.KEY=TEXT`); lists two ways. */
export function optionText(spec: OptionSpec, value: unknown, listAsJson = false): string {
  if (value === null) return "null";
  if (spec.type === "list") {
    return listAsJson ? JSON.stringify(value) : (value as string[]).join(",");
  }
  if (spec.type === "json") return JSON.stringify(value);
  return String(value);
}

/**
 * Two option sets of a schema that differ in one option (named), each valid: `before` is any set,
 * `after` the same with that one option given another allowed value.
 */
export function oneOptionChanged(
  schema: OptionsSchema,
): fc.Arbitrary<{ before: Record<string, unknown>; after: Record<string, unknown>; name: string }> {
  return someOptions(schema).chain((before) =>
    fc.constantFrom(...Object.keys(schema)).chain((name) =>
      optionValue(schema[name])
        .filter((v) => JSON.stringify(v) !== JSON.stringify(before[name] ?? schema[name].default))
        .map((value) => ({ before, after: { ...before, [name]: value }, name }))
    )
  );
}
