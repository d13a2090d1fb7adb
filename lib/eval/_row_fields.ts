// The structured fields a dataset row can carry for the tool, retrieval and code metrics — tools
// (OpenAI function format), gold ids with optional grades, code tests, and recorded retrieved ids
// and tool calls — checked when the row is read, so a bad field is named with its row. Each reader
// returns the value, or a sentence saying what is wrong with it.
import type { ToolCall, ToolDefinition } from "./types.ts";

/** A problem with a field, in words (the caller adds the row and column). */
export type FieldProblem = { problem: string };

const problem = (text: string): FieldProblem => ({ problem: text });

/** Parse JSON text (a CSV cell); anything else is returned as it is. */
export function jsonIfText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!(t.startsWith("[") || t.startsWith("{"))) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `tools`: a list of `{ type: "function", function: { name, description?, parameters? } }`. */
export function toolsOf(value: unknown): ToolDefinition[] | FieldProblem {
  const list = jsonIfText(value);
  if (!Array.isArray(list)) return problem("is not a list of tools");
  const out: ToolDefinition[] = [];
  for (const [i, t] of list.entries()) {
    const f = isObject(t) ? t.function : undefined;
    if (!isObject(t) || t.type !== "function" || !isObject(f) || typeof f.name !== "string") {
      return problem(
        `tool ${
          i + 1
        } is not in the OpenAI function format ({ "type": "function", "function": { "name", "parameters" } })`,
      );
    }
    if (f.parameters !== undefined && !isObject(f.parameters)) {
      return problem(
        `tool ${i + 1} ("${f.name}") has parameters that are not a JSON Schema object`,
      );
    }
    out.push({
      type: "function",
      function: {
        name: f.name,
        ...(typeof f.description === "string" ? { description: f.description } : {}),
        ...(isObject(f.parameters) ? { parameters: f.parameters } : {}),
        ...(typeof f.strict === "boolean" ? { strict: f.strict } : {}),
      },
    });
  }
  return out;
}

/** An id as text (numbers allowed). */
const idText = (v: unknown) => typeof v === "string" || typeof v === "number" ? String(v) : null;

/** A list of ids (strings or numbers): retrieved ids, or gold ids without grades. */
export function idsOf(value: unknown): string[] | FieldProblem {
  const list = jsonIfText(value);
  if (!Array.isArray(list)) return problem("is not a list of ids");
  const ids = list.map(idText);
  const bad = ids.indexOf(null);
  if (bad >= 0) return problem(`item ${bad + 1} is not an id (text or a number)`);
  return ids as string[];
}

/**
 * Gold ids with their relevance grades: a list of ids (each grade 1), an object `{ id: grade }`,
 * or a list of `{ id, relevance }` (or `grade`). Grades are numbers ≥ 0; 0 means not relevant.
 */
export function relevanceOf(value: unknown): Map<string, number> | FieldProblem {
  const parsed = jsonIfText(value);
  const out = new Map<string, number>();
  const add = (id: unknown, grade: unknown, where: string): FieldProblem | null => {
    const key = idText(id);
    if (key === null) return problem(`${where} has no id (text or a number)`);
    if (typeof grade !== "number" || !Number.isFinite(grade) || grade < 0) {
      return problem(`${where} ("${key}") has grade ${JSON.stringify(grade)}, not a number ≥ 0`);
    }
    out.set(key, Math.max(grade, out.get(key) ?? 0));
    return null;
  };
  if (isObject(parsed)) {
    for (const [id, grade] of Object.entries(parsed)) {
      const p = add(id, grade, `id "${id}"`);
      if (p) return p;
    }
    return out;
  }
  if (!Array.isArray(parsed)) {
    return problem("is neither a list of ids nor an object of id → relevance grade");
  }
  for (const [i, v] of parsed.entries()) {
    const p = isObject(v)
      ? add(v.id, v.relevance ?? v.grade ?? 1, `item ${i + 1}`)
      : add(v, 1, `item ${i + 1}`);
    if (p) return p;
  }
  return out;
}

/** One code test: a name and code that must run without throwing. */
export interface CodeTest {
  /** Its name in reports (`test 2` when the row gives none). */
  name: string;
  /** Statements run after the answer's code (`assert` is node:assert/strict). */
  code: string;
}

/**
 * `tests`: one string (a test program, which may register `Deno.test` cases), a list of strings
 * (each one test, named `test 1`, `test 2`…), or a list of `{ name, code }`.
 */
export function testsOf(value: unknown): CodeTest[] | FieldProblem {
  const parsed = typeof value === "string" && value.trim().startsWith("[")
    ? jsonIfText(value)
    : value;
  if (typeof parsed === "string") {
    return parsed.trim() === "" ? problem("is empty") : [{ name: "tests", code: parsed }];
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    return problem("is not test code, a list of tests or a list of { name, code }");
  }
  const out: CodeTest[] = [];
  for (const [i, t] of parsed.entries()) {
    if (typeof t === "string") out.push({ name: `test ${i + 1}`, code: t });
    else if (isObject(t) && typeof t.code === "string") {
      out.push({ name: typeof t.name === "string" ? t.name : `test ${i + 1}`, code: t.code });
    } else return problem(`test ${i + 1} is neither code nor { name, code }`);
  }
  const names = out.map((t) => t.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  return twice === undefined ? out : problem(`two tests are named "${twice}"`);
}

/**
 * Recorded tool calls: a list in the OpenAI format (`{ function: { name, arguments } }`) or
 * `{ name, arguments }`; arguments as JSON text or an object.
 */
export function toolCallsOf(value: unknown): ToolCall[] | FieldProblem {
  const list = jsonIfText(value);
  if (!Array.isArray(list)) return problem("is not a list of tool calls");
  const out: ToolCall[] = [];
  for (const [i, c] of list.entries()) {
    const call = isObject(c) && isObject(c.function) ? c.function : c;
    if (!isObject(call) || typeof call.name !== "string") {
      return problem(`tool call ${i + 1} has no name`);
    }
    const args = call.arguments ?? call.args ?? {};
    out.push({
      name: call.name,
      arguments: typeof args === "string" ? args : JSON.stringify(args),
      ...(isObject(c) && typeof c.id === "string" ? { id: c.id } : {}),
    });
  }
  return out;
}
