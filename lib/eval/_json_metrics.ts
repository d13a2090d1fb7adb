// json_valid and json_match: the answer must be JSON (and match a schema, through the score
// job's JSON Schema grader), or get the reference object's fields right.
import { jsonSchemaGrader } from "../graders/mod.ts";
import type { MetricOutcome } from "./metric.ts";

function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

const fenced = (text: string) => /^\s*```/.test(text);

/** The answer parses as JSON and, with a schema, validates against it. A miss names F2. */
export function jsonValid(text: string, schema: unknown): MetricOutcome {
  const parsed = parse(text.trim());
  if (!parsed.ok) {
    const hint = fenced(text) ? " (it is inside a code fence)" : "";
    return { value: 0, reason: `not JSON${hint}: ${parsed.message}`, cause: "F2" };
  }
  if (schema === undefined) return { value: 1, reason: "valid JSON" };
  const graded = jsonSchemaGrader.grade({ output: text.trim(), references: [], schema });
  if (graded.error) return { value: null, reason: graded.reason ?? graded.error };
  return graded.pass
    ? { value: 1, reason: "valid JSON, matches the schema" }
    : { value: 0, reason: `does not match the schema: ${graded.reason}`, cause: "F2" };
}

/** Leaf paths of a JSON value: `a.b`, `list[0]`; an empty object or list is a leaf itself. */
function leaves(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === "object" && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, path === "" ? k : `${path}.${k}`, out);
  } else {
    out.set(path, value);
  }
  return out;
}

/**
 * The share of the reference's fields (leaf values, compared as JSON values) that the answer
 * gets right at the same path. A miss names F2 when the answer is not JSON.
 */
export function jsonMatch(text: string, refs: readonly string[]): MetricOutcome {
  const answer = parse(text.trim());
  const refObjects = refs.map((r) => parse(r)).filter((r) => r.ok) as { value: unknown }[];
  if (refObjects.length === 0) return { value: null, reason: "the reference is not JSON" };
  if (!answer.ok) {
    return { value: 0, reason: `the answer is not JSON: ${answer.message}`, cause: "F2" };
  }
  let best = { value: -1, reason: "" };
  for (const ref of refObjects) {
    const wanted = leaves(ref.value);
    const got = leaves(answer.value);
    const wrong: string[] = [];
    let right = 0;
    for (const [path, value] of wanted) {
      if (got.has(path) && JSON.stringify(got.get(path)) === JSON.stringify(value)) right++;
      else wrong.push(path === "" ? "(root)" : path);
    }
    const share = right / wanted.size;
    if (share > best.value) {
      best = {
        value: share,
        reason: `${right}/${wanted.size} fields right${
          wrong.length > 0 ? `; wrong or missing: ${wrong.slice(0, 5).join(", ")}` : ""
        }${wrong.length > 5 ? ` (+${wrong.length - 5})` : ""}`,
      };
    }
  }
  return best;
}
