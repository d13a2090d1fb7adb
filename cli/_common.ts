// Shared pieces of the command line: argument parsing, user errors, exit codes, output.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Exit codes: 0 done (and every gate passed), 1 a gate failed, 2 the command could not run. */
export const EXIT_OK = 0;
export const EXIT_GATE = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called: reported in one line, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
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

/** Errors that come from what the user gave us (a file, a flag), not from a bug in verdict. */
function isUserError(error: unknown): error is Error {
  return error instanceof UsageError || error instanceof SyntaxError ||
    error instanceof TypeError || error instanceof RangeError ||
    error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.IsADirectory;
}

/**
 * Run a command body: user errors print one line on stderr and give exit code 2; anything else is
 * a bug and prints its stack.
 */
export async function run(command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (isUserError(error)) {
      console.error(`verdict ${command}: ${error.message}`);
    } else {
      console.error(`verdict ${command}: unexpected failure (please report this):`);
      console.error(error);
    }
    return EXIT_USAGE;
  }
}

/** Print JSON on stdout (numbers that JSON cannot hold become null, as JSON.stringify does). */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

/** Split a comma-separated flag value into trimmed, non-empty items. */
export function list(value: string | undefined): string[] {
  return (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** Parse repeated `key=value` flags into a record; a malformed item is a UsageError. */
export function pairs(items: string[] | undefined, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--${flag} takes key=value, got "${item}"`);
    out[item.slice(0, eq).trim()] = item.slice(eq + 1);
  }
  return out;
}
