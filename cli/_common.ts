// Shared pieces of the command line: argument parsing, user errors and bugs, exit codes, output.
// Types only: a value import of node:util would start Deno's Node layer (~6–10 ms of every
// command's start-up); the same parser comes bundled from @pkgjs/parseargs (tools/bundle_cjs.ts).
import type { ParseArgsConfig } from "node:util";
import { parseArgs } from "./_parse_args.js";
// The lib modules each command needs, never mod.ts: this file is loaded by every command.
import { isUserError, markUserError } from "../lib/errors/mod.ts";
// Single files, not lib/io/mod.ts: `interval` reads no file and should not load the readers.
import { checkOutputPath } from "../lib/io/output_file.ts";
import { MAPPING_LOOKAHEAD, parseByteSize, type ReadLimits } from "../lib/io/limits.ts";
import type { RoleVocabulary } from "../lib/io/mapping.ts";
import { type Format, FORMATS, isFormat } from "../lib/io/types.ts";

export { EXIT_BUG, EXIT_CODES_HELP, EXIT_GATE, EXIT_OK, EXIT_USAGE } from "./_exit_codes.ts";
import { EXIT_BUG, EXIT_USAGE } from "./_exit_codes.ts";

/** A mistake in how the command was called: reported in one line, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
  /** A usage mistake, branded as a user error. */
  constructor(message: string) {
    super(message);
    markUserError(this);
  }
}

/** Parse arguments strictly; an unknown or malformed flag becomes a {@link UsageError}. */
export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: T,
  command: string,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${message}. Run "verdict ${command} --help" for usage.`);
  }
}

/**
 * Deno's own errors about a path or a permission the user gave (`--scored nowhere/x.csv`, a run
 * without `--allow-write`): the user's to fix, never a bug in verdict.
 */
const FILE_SYSTEM_ERRORS = [
  Deno.errors.NotFound,
  Deno.errors.PermissionDenied,
  Deno.errors.NotCapable,
  Deno.errors.IsADirectory,
  Deno.errors.NotADirectory,
  Deno.errors.AlreadyExists,
];

/** A user error: one branded by verdict (see `isUserError`), or Deno's about a path or permission. */
export function isUsersToFix(error: unknown): error is Error {
  return isUserError(error) || FILE_SYSTEM_ERRORS.some((cls) => error instanceof cls);
}

/**
 * Run a command body. A user error prints one line on stderr and gives exit code 2; anything else
 * is a bug: it prints its stack with a request to report it, and gives exit code 70.
 */
export async function run(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (isUsersToFix(error)) {
      console.error(`verdict ${command}: ${error.message}`);
      return EXIT_USAGE;
    }
    console.error(
      `verdict ${command}: this is a bug in verdict, not a problem with your input; ` +
        `please report it with the command and the lines below:`,
    );
    console.error(error instanceof Error ? error.stack ?? String(error) : String(error));
    return EXIT_BUG;
  }
}

/**
 * The end of a run in which no row could be used (a wrong column, the wrong `--format`, an empty
 * file): one line on stderr with the reason counts, and exit code 2. The report, with its table of
 * left-out rows, has been printed on stdout already.
 */
export function noRowUsed(
  command: string,
  file: string,
  read: number,
  reasons: Readonly<Record<string, number>>,
  hint = "check the file, --format and --map",
): number {
  const counts = Object.entries(reasons).filter(([, n]) => n > 0)
    .map(([reason, n]) => `${reason} ${n}`);
  const why = read === 0
    ? "the file has no rows"
    : `${read} ${read === 1 ? "row" : "rows"} read, every one left out: ${counts.join(", ")}`;
  console.error(`verdict ${command}: no row of "${file}" could be used (${why}); ${hint}`);
  return EXIT_USAGE;
}

/** Print JSON on stdout (numbers that JSON cannot hold become null, as JSON.stringify does). */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

/** Split a comma-separated flag value into trimmed, non-empty items. */
export function list(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * Parse repeated `key=value` flags into a record of own keys (a key such as `__proto__` or
 * `constructor` is kept as a key, not taken from Object); a malformed item is a UsageError.
 */
export function pairs(items: string[] | undefined, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--${flag} must be KEY=VALUE, got "${item}"`);
    Object.defineProperty(out, item.slice(0, eq).trim(), {
      value: item.slice(eq + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `--map ROLE=COLUMN` flags as a mapping; `-` switches a role off. Roles are checked on reading. */
export function mapFlags(items: string[] | undefined): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [role, column] of Object.entries(pairs(items, "map"))) {
    Object.defineProperty(out, role, {
      value: column === "-" ? null : column,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `--format F`: one of the formats verdict reads (the list lives in lib/io). */
export function formatFlag(value: string | undefined): Format | undefined {
  if (value === undefined || isFormat(value)) return value;
  throw new UsageError(`--format must be one of ${FORMATS.join(", ")}, got "${value}"`);
}

/** `--max-decompressed SIZE` (`2GiB`, `500MB`, bytes): the limits to read with, or none given. */
export function limitsFlag(value: string | undefined): ReadLimits | undefined {
  if (value === undefined) return undefined;
  const bytes = parseByteSize(value);
  if (bytes === null) {
    throw new UsageError(
      `--max-decompressed must be a size such as 2GiB, 500MB or 1048576 (bytes), got "${value}"`,
    );
  }
  return { maxDecompressed: bytes };
}

/**
 * Check every output a command will write, before it does any work: each can be written (its
 * folder exists, writing is allowed) and none is an input or another output. `outputs` pairs a
 * flag with its value (unset flags are skipped).
 */
export async function checkOutputs(
  outputs: readonly (readonly [flag: string, path: string | undefined])[],
  inputs: readonly string[],
): Promise<void> {
  const given = outputs.filter((o): o is readonly [string, string] => o[1] !== undefined);
  if (given.length === 0) return;
  const { resolve } = await import("node:path");
  for (const [i, [flag, path]] of given.entries()) {
    for (const [otherFlag, other] of given.slice(0, i)) {
      if (resolve(other) === resolve(path)) {
        throw new UsageError(`${otherFlag} and ${flag} name the same file, "${path}"`);
      }
    }
    await checkOutputPath(path, { what: flag, inputs });
  }
}

/** `--max-decompressed`'s definition, spread into the options of every command that reads files. */
export const MAX_DECOMPRESSED_OPTION = { "max-decompressed": { type: "string" } } as const;

/** The help line of `--max-decompressed`, the same in every command. */
export const MAX_DECOMPRESSED_HELP =
  "how far a compressed file may inflate (a gzip file, a zip archive's members\n" +
  "                        together), e.g. 4GiB (default 1GiB)";

/**
 * Fill `text` into the help column that starts `indent` characters in: lines end by `width`, and
 * every line after the first is indented, so entries whose lists come from a registry stay tidy
 * however long they grow.
 */
export function wrapHelp(text: string, indent: number, width = 100): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines.join(`\n${" ".repeat(indent)}`);
}

/** The help of `--map`, from a job's vocabulary, filled into the column `indent` characters in. */
export function mapFlagHelp(vocabulary: RoleVocabulary<string>, indent: number): string {
  return wrapHelp(
    `use COLUMN for ROLE (${Object.keys(vocabulary.synonyms).join(", ")}); COLUMN "-" switches ` +
      "it off. A role that does not exist, or a column the file lacks (JSON: in its first " +
      `${MAPPING_LOOKAHEAD} records), is an error`,
    indent,
  );
}
