// tool_call: did the model call the right tool with the right arguments? The reference is the
// expected call — `{ "name", "arguments" }` (arguments as an object or JSON text), the OpenAI form
// `{ "function": { "name", "arguments" } }`, or a list of them when several calls are expected
// (in any order). Arguments are compared as JSON values: key order and whitespace do not matter,
// numbers are compared as numbers (1 and 1.0 are equal; "1" and 1 are not). A miss names what
// differed: no call, the wrong tool, a missing or unexpected argument, a wrong value.
import type { MetricOutcome } from "./metric.ts";
import type { ToolCall } from "./types.ts";

/** An expected or actual call with parsed arguments. */
interface Call {
  name: string;
  args: unknown;
  /** Why the arguments could not be read, when they could not. */
  unreadable?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

function parseArgs(args: unknown): { args: unknown; unreadable?: string } {
  if (typeof args !== "string") return { args: args ?? {} };
  if (args.trim() === "") return { args: {} };
  try {
    return { args: JSON.parse(args) };
  } catch (e) {
    return { args: args, unreadable: e instanceof Error ? e.message : String(e) };
  }
}

/** The expected calls a reference describes, or null when it does not describe any. */
export function expectedCalls(reference: string): Call[] | null {
  let value: unknown;
  try {
    value = JSON.parse(reference);
  } catch {
    return null;
  }
  const items = Array.isArray(value) ? value : [value];
  const calls: Call[] = [];
  for (const item of items) {
    const call = isObject(item) && isObject(item.function) ? item.function : item;
    if (!isObject(call) || typeof call.name !== "string") return null;
    const parsed = parseArgs(call.arguments ?? call.args);
    if (parsed.unreadable) return null;
    calls.push({ name: call.name, args: parsed.args });
  }
  return calls.length > 0 ? calls : null;
}

const shown = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? text.slice(0, 59) + "…" : text;
};

const kind = (v: unknown) => Array.isArray(v) ? "a list" : v === null ? "null" : typeof v;

/** Where two JSON values differ, by path (`city`, `dates[1]`, `filter.min`). */
export function jsonDifferences(got: unknown, want: unknown, path = ""): string[] {
  const at = path === "" ? "the arguments" : path;
  if (typeof want === "number" && typeof got === "number") {
    return got === want ? [] : [`${at}: got ${got}, expected ${want}`];
  }
  if (Array.isArray(want) && Array.isArray(got)) {
    if (got.length !== want.length) {
      return [
        `${at}: got ${got.length} item(s), expected ${want.length}: ${shown(got)} vs ${
          shown(want)
        }`,
      ];
    }
    return want.flatMap((w, i) => jsonDifferences(got[i], w, `${path}[${i}]`));
  }
  if (isObject(want) && isObject(got)) {
    const out: string[] = [];
    const dot = path === "" ? "" : `${path}.`;
    for (const key of Object.keys(want)) {
      if (!(key in got)) out.push(`missing argument ${dot}${key}`);
      else for (const d of jsonDifferences(got[key], want[key], `${dot}${key}`)) out.push(d);
    }
    for (const key of Object.keys(got)) {
      if (!(key in want)) out.push(`unexpected argument ${dot}${key} = ${shown(got[key])}`);
    }
    return out;
  }
  if (kind(got) !== kind(want)) {
    return [`${at}: got ${shown(got)} (${kind(got)}), expected ${shown(want)} (${kind(want)})`];
  }
  return got === want ? [] : [`${at}: got ${shown(got)}, expected ${shown(want)}`];
}

/** How an actual call differs from an expected one (empty: they match). */
function callDifferences(got: Call, want: Call): string[] {
  if (got.name !== want.name) return [`called ${got.name}, expected ${want.name}`];
  if (got.unreadable) return [`${got.name}: the arguments are not JSON (${got.unreadable})`];
  return jsonDifferences(got.args, want.args).map((d) => `${got.name}: ${d}`);
}

/** Score the answer's tool calls against one reference's expected calls. */
function scoreAgainst(actual: Call[], expected: Call[], text: string): MetricOutcome {
  if (actual.length === 0) {
    const said = text.trim() === "" ? "" : ` (the answer is text: ${shown(text.trim())})`;
    return {
      value: 0,
      reason: `no tool call${said}; expected ${expected.map((c) => c.name).join(", ")}`,
      cause: "F14",
    };
  }
  // Pair each expected call with an actual one: exact matches first, then the same tool's
  // calls in order, then whatever is left, so a miss is explained against its likeliest pair.
  const left = [...actual];
  const problems: string[] = [];
  const unmatched: Call[] = [];
  for (const want of expected) {
    const exact = left.findIndex((got) => callDifferences(got, want).length === 0);
    if (exact >= 0) left.splice(exact, 1);
    else unmatched.push(want);
  }
  for (const want of unmatched) {
    const same = left.findIndex((got) => got.name === want.name);
    const got = left.splice(same >= 0 ? same : 0, 1)[0];
    for (const p of got ? callDifferences(got, want) : [`no call of ${want.name}`]) {
      problems.push(p);
    }
  }
  for (const extra of left) problems.push(`unexpected call of ${extra.name}`);
  if (problems.length === 0) {
    return {
      value: 1,
      reason: `called ${expected.map((c) => c.name).join(", ")} with the expected arguments`,
    };
  }
  const more = problems.length > 4 ? ` (+${problems.length - 4} more)` : "";
  return { value: 0, reason: problems.slice(0, 4).join("; ") + more, cause: "F14" };
}

/** tool_call over every reference: the best one counts. */
export function toolCallMetric(
  calls: readonly ToolCall[] | undefined,
  refs: readonly string[],
  text = "",
): MetricOutcome {
  const expected = refs.map(expectedCalls).filter((c): c is Call[] => c !== null);
  if (expected.length === 0) {
    return { value: null, reason: 'the reference is not a tool call ({ "name", "arguments" })' };
  }
  const actual: Call[] = (calls ?? []).map((c) => ({ name: c.name, ...parseArgs(c.arguments) }));
  let best: MetricOutcome | undefined;
  for (const want of expected) {
    const outcome = scoreAgainst(actual, want, text);
    if (outcome.value === 1) return outcome;
    best ??= outcome;
  }
  return best!;
}
