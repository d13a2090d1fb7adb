// `verdict eval`: running models over a dataset is specified (SPEC E1–E10) but not built yet.
// The command exists so that the command line's shape is settled; it says so and exits 2.
import { EXIT_OK, EXIT_USAGE } from "./_common.ts";

const HELP = `verdict eval: run a model over a dataset, score it, group misses by cause

Not available in this version of verdict: the eval job (SPEC E1–E10) has not been built yet.
Use "verdict score" on a results file your harness wrote, and "verdict audit" to check it.`;

/** Run `verdict eval`; returns the exit code. */
export function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(HELP);
    return Promise.resolve(EXIT_OK);
  }
  console.error("verdict eval: not available in this version (the eval job is not built yet)");
  return Promise.resolve(EXIT_USAGE);
}
