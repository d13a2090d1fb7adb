/**
 * The verdict command line.
 *
 * ```sh
 * deno run --allow-read cli.ts score FILE --graders exact,bleu --json
 * deno run --allow-read cli.ts audit FILE --confidence 0.95
 * deno run --allow-read cli.ts interval --passes 34 --fails 3 --errored 3
 * deno run --allow-read cli.ts compare results.jsonl --versions v2,v3 --graders exact,bleu
 * ```
 *
 * Machine-readable output with `--json` goes to stdout; human tables otherwise; errors go to stderr
 * with exit code 2.
 *
 * @module
 */
import { freshBundle } from "./cli/_bundled.ts";
import { EXIT_OK, EXIT_USAGE } from "./cli/_exit_codes.ts";
import config from "./deno.json" with { type: "json" };

type Command = (args: string[]) => Promise<number>;

// Each command's module is loaded only when that command runs, so `interval` does not load the
// readers and graders, and `score` does not load the interval libraries. The specifier is built
// at run time on purpose: Deno builds the graph of every string-literal dynamic import before the
// program starts (all six commands and the npm packages they use: about 60 ms of CPU on every
// run, three times a hello-world script's whole start-up), and a computed URL it loads on demand.
// `deno check` (the whole project) and tests/cli_loading_test.ts still see each command.
//
// `score` and `audit` start from their bundles (dist/, `deno task bundle:cli`) when those are there
// and every file they were made from is unchanged (see cli/_bundled.ts); from their sources
// otherwise. A bundle loads in about half the time of its modules (score: ~160).
async function load(name: string): Promise<{ main: Command }> {
  const bundle = freshBundle(new URL("./", import.meta.url), name);
  if (bundle !== undefined) {
    try {
      return await import(bundle.href);
    } catch {
      // A bundle that does not load (cut short, say) is passed over: the sources decide.
    }
  }
  const url = new URL(`./cli/${name}.ts`, import.meta.url);
  try {
    return await import(url.href);
  } catch (error) {
    // Loading on demand needs read access to verdict's own files, even for a command that reads
    // no file of the user's: say so plainly, as a usage error, not as an uncaught stack.
    if (url.protocol !== "file:" || readable(url)) throw error;
    return {
      main: () => {
        console.error(
          `verdict ${name}: Deno needs read access to load the command's code: run it as ` +
            `"deno run --allow-read cli.ts ${name} …" (${
              error instanceof Error ? error.message : error
            })`,
        );
        return Promise.resolve(EXIT_USAGE);
      },
    };
  }
}

function readable(url: URL): boolean {
  return Deno.permissions.querySync({ name: "read", path: url }).state === "granted";
}

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  score: {
    run: async (args) => (await load("score")).main(args),
    summary: "score a results file with code graders and name the near misses",
  },
  audit: {
    run: async (args) => (await load("audit")).main(args),
    summary: "find rows without a verdict; pass rates three ways with Wilson intervals",
  },
  compare: {
    run: async (args) => (await load("compare")).main(args),
    summary: "compare two versions on the same cases: paired intervals and tests per grader",
  },
  eval: {
    run: async (args) => (await load("eval")).main(args),
    summary: "run a model over a dataset and score it (or score recorded answers)",
  },
  notebook: {
    run: async (args) => (await load("notebook")).main(args),
    summary: "run a notebook on the Deno kernel, keeping late outputs; HTML export",
  },
  interval: {
    run: async (args) => (await load("interval")).main(args),
    summary: "pass-rate intervals from typed counts (Wilson, Clopper-Pearson, Jeffreys, …)",
  },
};

const USAGE = `verdict: score, audit and eval language-model results

Usage: deno run --allow-read cli.ts <command> [options]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`).join("\n")}

Run "cli.ts <command> --help" for a command's options.`;

/**
 * Run the command line with the given arguments and return the exit code.
 *
 * @example Ask for help
 * ```ts
 * import { main } from "@verdict/verdict/cli";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await main(["--help"]), 0);
 * assert.equal(await main(["--version"]), 0);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === "--version" || name === "-V") {
    console.log(`verdict ${config.version}`);
    return EXIT_OK;
  }
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(USAGE);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`verdict: unknown command "${name}"\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  return await command.run(rest);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
