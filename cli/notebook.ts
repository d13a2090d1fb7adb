// `verdict notebook`: execute a notebook on the Deno kernel headlessly, keeping the outputs that
// arrive after a cell's idle (which stock nbconvert drops), and write the executed notebook and,
// with --html, a page that opens offline.
import executor from "./notebook_executor.py" with { type: "text" };
import { EXIT_OK, EXIT_USAGE, parse, run, UsageError } from "./_common.ts";

const HELP = `verdict notebook: run a notebook on the Deno Jupyter kernel and keep every output

Usage: deno task notebook NB.ipynb [--out EXECUTED.ipynb] [--html PAGE.html] [options]
   or: deno run --allow-read --allow-write --allow-run cli.ts notebook NB.ipynb [options]

  --out PATH       where to write the executed notebook (default: NB.executed.ipynb beside it)
  --html PATH      also write the executed notebook as one HTML page that loads nothing
  --kernel NAME    the Jupyter kernel (default: the notebook's own, else deno)
  --timeout S      seconds a cell may run (default 180)
  --cwd DIR        the kernel's working folder (default: the notebook's folder)
  -h, --help       show this help

Cells run in order; the run stops at the first cell that raises, and that cell is named.
Needs Jupyter's Python libraries under /usr/bin/python3 (Debian: apt-get install
jupyter-client jupyter-nbconvert) and the Deno kernelspec (deno jupyter --install --force).

Exit codes: 0 every cell ran, 1 a cell failed or timed out, 2 a usage or file problem,
3 Jupyter or the kernel is missing.`;

const OPTIONS = {
  out: { type: "string" },
  html: { type: "string" },
  kernel: { type: "string" },
  timeout: { type: "string" },
  cwd: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** The Python that has Jupyter's libraries: Debian's, else the first `python3` on PATH. */
function python(): string {
  try {
    Deno.statSync("/usr/bin/python3");
    return "/usr/bin/python3";
  } catch {
    return "python3";
  }
}

/** Run `verdict notebook`; returns the exit code. */
export function main(args: string[]): Promise<number> {
  return run("notebook", async () => {
    const { values, positionals } = parse(args, OPTIONS, "notebook");
    if (values.help) {
      console.log(HELP);
      return EXIT_OK;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        `give exactly one notebook (got ${positionals.length}). Run "verdict notebook --help" for usage.`,
      );
    }
    const input = positionals[0];
    if (!input.endsWith(".ipynb")) throw new UsageError(`"${input}" is not a .ipynb notebook`);
    await Deno.stat(input); // a missing notebook is a NotFound: one line, exit 2
    if (values.timeout !== undefined && !(Number(values.timeout) > 0)) {
      throw new UsageError(`--timeout takes a number of seconds > 0, got "${values.timeout}"`);
    }
    const out = values.out ?? input.replace(/\.ipynb$/, ".executed.ipynb");
    // The executor ships inside this module, so it runs whether verdict was imported by path,
    // by URL or from the registry.
    const script = await Deno.makeTempFile({ prefix: "verdict-notebook-", suffix: ".py" });
    try {
      await Deno.writeTextFile(script, executor);
      const flags = [
        ...(values.html ? ["--html", values.html] : []),
        ...(values.kernel ? ["--kernel", values.kernel] : []),
        ...(values.timeout ? ["--timeout", values.timeout] : []),
        ...(values.cwd ? ["--cwd", values.cwd] : []),
      ];
      const child = await new Deno.Command(python(), {
        args: [script, input, out, ...flags],
        env: { NO_COLOR: "1" },
        stdin: "null",
        stdout: "inherit",
        stderr: "inherit",
      }).output().catch((e) => {
        if (e instanceof Deno.errors.NotFound) {
          throw new UsageError("python3 is not installed; notebooks run through Jupyter's client");
        }
        throw e;
      });
      if (child.code === 0) {
        console.log(`executed: ${out}` + (values.html ? `\nHTML: ${values.html}` : ""));
      }
      return child.code === 2 ? EXIT_USAGE : child.code;
    } finally {
      await Deno.remove(script).catch(() => {});
    }
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
