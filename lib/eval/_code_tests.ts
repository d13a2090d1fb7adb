// tests: the code in a model's answer run against the row's tests in a sandboxed Deno process (see
// _sandbox.ts). The code is the first fenced block marked TypeScript or JavaScript (or unmarked),
// else the first fenced block, else the whole answer. One program is built: the code, then each
// test as an async function with `assert` (node:assert/strict) in scope; `Deno.test(name, fn)`
// inside the tests registers more tests. The program reports each test as it ends on its own
// stdout lines, marked with a random token the parent passes in, so a test that never ends is
// named and the ones before it still count.
import type { MetricOutcome } from "./metric.ts";
import type { CodeTest } from "./_row_fields.ts";
import { runSandboxed, type SandboxLimits } from "./_sandbox.ts";

/** The code found in an answer, and where it was found. */
export interface ExtractedCode {
  /** The code. */
  code: string;
  /** Where it came from, in words. */
  from: string;
}

const RUNNABLE = new Set(["", "ts", "typescript", "js", "javascript", "mjs", "mts", "jsx", "tsx"]);
const FENCE = /^(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** The code of an answer: a fenced block (TypeScript/JavaScript first), else the whole answer. */
export function extractCode(answer: string): ExtractedCode {
  const blocks = [...answer.matchAll(FENCE)].map((m) => ({
    lang: m[2].toLowerCase(),
    code: m[3],
  }));
  if (blocks.length === 0) return { code: answer, from: "the whole answer" };
  const i = Math.max(0, blocks.findIndex((b) => RUNNABLE.has(b.lang)));
  const lang = blocks[i].lang ? ` (${blocks[i].lang})` : "";
  return {
    code: blocks[i].code,
    from: blocks.length === 1
      ? `its fenced block${lang}`
      : `fenced block ${i + 1} of ${blocks.length}${lang}`,
  };
}

/** The program (harness, the answer's code, the tests, the run) and the line the code starts on. */
export function testProgram(
  code: string,
  tests: readonly CodeTest[],
): { program: string; codeLine: number; codeLines: number } {
  const registered = tests.map((t) =>
    `__verdict.tests.push({ name: ${JSON.stringify(t.name)}, fn: async () => {\n` +
    `const assert = __verdictAssert;\n${t.code}\n} });`
  ).join("\n");
  const harness = `import __verdictAssert from "node:assert/strict";
const __verdict = (() => {
  const out = Deno.stdout;
  const write = out.writeSync.bind(out);
  const encoder = new TextEncoder();
  const mark = "\\u001everdict-" + Deno.args[0] + " ";
  const tests: { name: string; fn: () => unknown }[] = [];
  const report = (r: unknown) => write(encoder.encode("\\n" + mark + JSON.stringify(r) + "\\n"));
  const describe = (e: unknown) =>
    (e instanceof Error ? \`\${e.name}: \${e.message}\` : \`thrown: \${String(e)}\`)
      .replace(/\\s+/g, " ");
  // Deno.test(name, fn), Deno.test(fn), Deno.test({ name, fn }), Deno.test(name, options, fn)
  const register = (...a: unknown[]) => {
    const f = a.find((x) => typeof x === "function") as (() => unknown) | undefined;
    const o = a.find((x) => x !== null && typeof x === "object") as
      | { name?: string; fn?: () => unknown; ignore?: boolean }
      | undefined;
    const fn = f ?? o?.fn;
    if (!fn || o?.ignore) return;
    const name = typeof a[0] === "string" ? a[0] : o?.name ?? fn.name ?? "unnamed";
    tests.push({ name: String(name), fn });
  };
  (Deno as unknown as { test: unknown }).test = register;
  const run = async () => {
    for (let i = 0; i < tests.length; i++) {
      const t = tests[i];
      report({ start: t.name });
      const before = tests.length;
      try {
        await t.fn();
        // A tests program that registered Deno.test cases is not a test itself.
        report(tests.length > before ? { registered: t.name } : { name: t.name, ok: true });
      } catch (e) {
        report({ name: t.name, ok: false, error: describe(e).slice(0, 300) });
      }
    }
    report({ done: true });
    Deno.exit(0);
  };
  return { tests, run };
})();
// ---- the answer's code ----
`;
  const program = `${harness}${code}
// ---- the tests ----
;
${registered}
await __verdict.run();
`;
  return {
    program,
    codeLine: harness.split("\n").length,
    codeLines: code.split("\n").length,
  };
}

interface Reported {
  start?: string;
  name?: string;
  ok?: boolean;
  error?: string;
  done?: boolean;
}

function reports(stdout: string, token: string): Reported[] {
  const mark = `\u001everdict-${token} `;
  const out: Reported[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(mark)) continue;
    try {
      out.push(JSON.parse(line.slice(mark.length)));
    } catch {
      // a report cut by the output cap
    }
  }
  return out;
}

/**
 * Why the program did not run, from Deno's message on stderr: the first line, an import the
 * sandbox refused named as written, and a place in the program as a line of the answer's code.
 */
function whyNotRun(stderr: string, codeLine: number, codeLines: number): string {
  const lines = stderr.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (lines.length === 0) return "no message";
  const blocked = /"verdict-sandbox-blocked:\/(?:(https?)\/)?([^"]*)"/.exec(lines[0]);
  if (blocked) {
    const target = blocked[1] ? `${blocked[1]}://${blocked[2]}` : `/${blocked[2]}`;
    return `it imports ${target} (the sandbox allows no imports but node: built-ins)`;
  }
  const first = lines[0].replace(/^error: /, "").replace(/^Uncaught (\(in promise\) )?/, "");
  const at = /main\.ts:(\d+):(\d+)/.exec(stderr);
  if (!at) return first.slice(0, 300);
  const line = Number(at[1]) - codeLine + 1;
  const where = line >= 1 && line <= codeLines
    ? `line ${line}, column ${at[2]} of the code`
    : "in the tests";
  return `${first.slice(0, 300)} (${where})`;
}

const names = (list: readonly string[]) =>
  list.slice(0, 5).join(", ") + (list.length > 5 ? ` (+${list.length - 5} more)` : "");

/** Run an answer's code against its tests and say which passed. A miss names F12. */
export async function codeTestsMetric(
  answer: string,
  tests: readonly CodeTest[],
  limits: SandboxLimits,
): Promise<MetricOutcome> {
  const { code, from } = extractCode(answer);
  const token = crypto.randomUUID();
  const { program, codeLine, codeLines } = testProgram(code, tests);
  const run = await runSandboxed(program, [token], limits);
  const got = reports(run.stdout, token);
  const ended = got.filter((r) => r.name !== undefined);
  const passed = ended.filter((r) => r.ok).map((r) => r.name!);
  const failed = ended.filter((r) => !r.ok);
  const done = got.some((r) => r.done);
  const source = `code from ${from}`;
  if (done && failed.length === 0 && passed.length > 0) {
    return {
      value: 1,
      reason: `${passed.length}/${passed.length} passed (${names(passed)}); ${source}`,
    };
  }
  const parts: string[] = [];
  const total = Math.max(ended.length, tests.length);
  if (ended.length > 0) parts.push(`${passed.length}/${total} passed`);
  for (const f of failed.slice(0, 3)) parts.push(`${f.name} failed: ${f.error}`);
  if (failed.length > 3) parts.push(`${failed.length - 3} more failed`);
  if (!done) {
    const running = got.filter((r) => r.start !== undefined).at(-1)?.start;
    const unfinished = running !== undefined && !ended.some((r) => r.name === running)
      ? ` during ${running}`
      : "";
    const seconds = `${limits.timeoutMs / 1000} s`;
    parts.push(
      run.stopped === "timeout"
        ? `stopped after ${seconds}${unfinished} (time limit)`
        : run.stopped === "output"
        ? `stopped${unfinished}: printed more than ${
          limits.maxOutputBytes.toLocaleString("en-US")
        } bytes`
        : run.stopped === "memory" || /out of memory|heap limit/i.test(run.stderr)
        ? `ran out of memory (${limits.memoryMb} MB)${unfinished}`
        : got.length === 0 && run.code === 0
        ? "the code ended the program before the tests ran"
        : got.length === 0
        ? `the code did not run: ${whyNotRun(run.stderr, codeLine, codeLines)}`
        : `the program ended${unfinished} before the tests finished (exit code ${run.code})`,
    );
  } else if (ended.length === 0) {
    parts.push("no test ran");
  }
  return { value: 0, reason: `${parts.join("; ")}; ${source}`, cause: "F12" };
}
