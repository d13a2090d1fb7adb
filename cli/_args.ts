// Strict flag parsing for the commands, with the behaviour and messages of `parseArgs` from
// `node:util` (strict, positionals allowed) for the kinds of flags verdict declares: long string
// and boolean flags, repeatable ones, one-letter aliases. Written here because importing
// `node:util` starts Deno's Node layer, ~10–15 ms of CPU on every run of every command, for a loop
// over a few arguments. `_args_test.ts` holds it to `node:util`'s `parseArgs` on generated
// argument lists, results and error messages alike.
import type { parseArgs as nodeParseArgs, ParseArgsConfig } from "node:util";

/** The flags a command declares, as `node:util`'s `parseArgs` takes them. */
export type FlagOptions = NonNullable<ParseArgsConfig["options"]>;

/** What {@link parseFlags} returns: the same type `node:util`'s `parseArgs` gives. */
export type ParsedFlags<T extends FlagOptions> = ReturnType<
  typeof nodeParseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/** A usage mistake found while parsing, with the message `node:util`'s parseArgs gives it. */
export class FlagError extends TypeError {
  override name = "FlagError";
}

const own = (o: object, key: string) => Object.hasOwn(o, key);

/** The long name whose one-letter alias is `letter`, else the letter itself. */
function longFor(letter: string, options: FlagOptions): string {
  for (const [name, spec] of Object.entries(options)) {
    if (own(spec, "short") && spec.short === letter) return name;
  }
  return letter;
}

function typeOf(name: string, options: FlagOptions): string | undefined {
  return own(options, name) ? options[name].type : undefined;
}

/** A value taken from the next argument may not look like a flag (`--map -x`). */
function refuseFlagLike(name: string, value: string, given: string): void {
  if (value.length > 1 && value[0] === "-") {
    const example = given.length === 2 ? `'--${name}=-XYZ' or '${given}-XYZ'` : `'--${name}=-XYZ'`;
    throw new FlagError(
      `Option '${given}' argument is ambiguous.\n` +
        `Did you forget to specify the option argument for '${given}'?\n` +
        `To specify an option argument starting with a dash use ${example}.`,
    );
  }
}

/** Unknown flags, missing values and values given to a boolean flag are errors. */
function checkUse(name: string, value: string | undefined, options: FlagOptions, given: string) {
  if (!own(options, name)) {
    throw new FlagError(
      `Unknown option '${given}'. To specify a positional argument starting with a '-', place ` +
        `it at the end of the command after '--', as in '-- ${JSON.stringify(given)}`,
    );
  }
  const spec = options[name];
  const names = own(spec, "short") && spec.short ? `-${spec.short}, --${name}` : `--${name}`;
  if (spec.type === "string" && typeof value !== "string") {
    throw new FlagError(`Option '${names} <value>' argument missing`);
  }
  if (spec.type === "boolean" && value != null) {
    throw new FlagError(`Option '${names}' does not take an argument`);
  }
}

function store(
  name: string,
  value: string | undefined,
  options: FlagOptions,
  values: Record<string, unknown>,
) {
  if (name === "__proto__") return;
  const v = value ?? true;
  if (options[name].multiple) {
    const list = values[name] as unknown[] | undefined;
    if (list) list.push(v);
    else values[name] = [v];
  } else values[name] = v;
}

/**
 * Parse `args` against the declared flags, strictly: `--flag value`, `--flag=value`, `-h`,
 * grouped one-letter booleans (`-vh`), `--` ending the flags; everything else is a positional.
 * Throws a {@link FlagError} for an unknown flag, a missing or flag-like value, or a value given
 * to a boolean flag. `values` has no prototype, as `node:util`'s.
 *
 * @example Flags, a repeated flag and a file
 * ```ts
 * import { parseFlags } from "./_args.ts";
 * import assert from "node:assert/strict";
 *
 * const options = {
 *   graders: { type: "string" },
 *   map: { type: "string", multiple: true },
 *   verbose: { type: "boolean", short: "v" },
 * } as const;
 * const { values, positionals } = parseFlags(
 *   ["runs.jsonl", "--graders", "exact", "--map=output=answer", "--map", "id=key", "-v"],
 *   options,
 * );
 * assert.deepEqual({ ...values }, {
 *   graders: "exact",
 *   map: ["output=answer", "id=key"],
 *   verbose: true,
 * });
 * assert.deepEqual(positionals, ["runs.jsonl"]);
 * assert.throws(() => parseFlags(["--bogus"], options), /^FlagError: Unknown option '--bogus'/);
 * assert.throws(() => parseFlags(["--graders"], options), /argument missing/);
 * ```
 */
export function parseFlags<T extends FlagOptions>(args: string[], options: T): ParsedFlags<T> {
  const values: Record<string, unknown> = Object.create(null);
  const positionals: string[] = [];
  const rest = args.slice();
  while (rest.length > 0) {
    const arg = rest.shift()!;
    if (arg === "--") {
      positionals.push(...rest);
      break;
    }
    const dashed = arg.length > 1 && arg[0] === "-" && arg[1] !== "-";
    if (dashed && arg.length === 2) {
      // -h, or -x VALUE for a one-letter string flag
      const name = longFor(arg[1], options);
      let value: string | undefined;
      if (typeOf(name, options) === "string" && rest.length > 0) {
        value = rest.shift()!;
        refuseFlagLike(name, value, arg);
      }
      checkUse(name, value, options, arg);
      store(name, value, options, values);
      continue;
    }
    if (dashed) {
      const name = longFor(arg[1], options);
      if (typeOf(name, options) !== "string") {
        // -vh: one-letter flags grouped; a string flag inside takes the rest as its value
        const expanded: string[] = [];
        for (let i = 1; i < arg.length; i++) {
          const letterName = longFor(arg[i], options);
          if (typeOf(letterName, options) !== "string" || i === arg.length - 1) {
            expanded.push(`-${arg[i]}`);
          } else {
            expanded.push(`-${arg.slice(i)}`);
            break;
          }
        }
        rest.unshift(...expanded);
        continue;
      }
      // -xVALUE for a one-letter string flag
      const value = arg.slice(2);
      checkUse(name, value, options, `-${arg[1]}`);
      store(name, value, options, values);
      continue;
    }
    if (arg.length > 2 && arg.startsWith("--")) {
      const eq = arg.indexOf("=", 3);
      if (eq < 0) {
        const name = arg.slice(2);
        let value: string | undefined;
        if (typeOf(name, options) === "string" && rest.length > 0) {
          value = rest.shift()!;
          refuseFlagLike(name, value, arg);
        }
        checkUse(name, value, options, arg);
        store(name, value, options, values);
      } else {
        const name = arg.slice(2, eq);
        const value = arg.slice(eq + 1);
        checkUse(name, value, options, `--${name}`);
        store(name, value, options, values);
      }
      continue;
    }
    positionals.push(arg);
  }
  return { values, positionals } as unknown as ParsedFlags<T>;
}
