/**
 * The verdict command line: `deno run --allow-read cli.ts score|audit|eval|interval …`.
 *
 * @module
 */
if (import.meta.main) {
  console.error("verdict: the command line is being built");
  Deno.exit(2);
}
