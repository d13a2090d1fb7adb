// Which columns of a Ragas table are inputs and which are metrics, and how a metric cell reads.
import { isObj } from "./_values.ts";

/** Sample fields Ragas writes before the metric columns (current and 0.1.x names). */
const INPUTS = new Set([
  "user_input",
  "retrieved_contexts",
  "reference_contexts",
  "retrieved_context_ids",
  "reference_context_ids",
  "response",
  "multi_responses",
  "reference",
  "rubrics",
  "reference_tool_calls",
  "reference_topics",
  "persona_name",
  "query_style",
  "query_length",
  "synthesizer_name",
  "question",
  "contexts",
  "answer",
  "ground_truth",
  "ground_truths",
]);

const QUESTION = ["user_input", "question"];
const BESIDE = [
  "response",
  "answer",
  "retrieved_contexts",
  "contexts",
  "reference",
  "ground_truth",
  "ground_truths",
  "reference_contexts",
];
/** Verdict columns of other layouts (six-field results, promptfoo's CSV), which Ragas never writes. */
const FOREIGN = ["scorer", "grader", "pass", "passed", "Status"];

/** A pandas index column: a blank header (`column_1` once named by the CSV reader) or `Unnamed: 0`. */
export function isIndexColumn(name: string, position: number): boolean {
  return (position === 0 && (name === "" || name === "column_1")) || name === "Unnamed: 0";
}

/** The columns that may hold metrics: every column that is not a Ragas input or an index. */
export function candidateColumns(columns: readonly string[]): string[] {
  return columns.filter((c, i) => !INPUTS.has(c) && !isIndexColumn(c, i));
}

/** Why a set of columns is not a Ragas table, or undefined when it is one. */
export function ragasMiss(columns: readonly string[]): string | undefined {
  if (!QUESTION.some((c) => columns.includes(c))) return "no user_input or question column";
  if (!BESIDE.some((c) => columns.includes(c))) {
    return "no response, answer, contexts or reference column beside the question";
  }
  const foreign = FOREIGN.find((c) => columns.includes(c));
  if (foreign) return `a "${foreign}" column, which Ragas never writes`;
  if (candidateColumns(columns).length === 0) return "no metric column beside the Ragas inputs";
  return undefined;
}

/** What one metric cell holds. */
export type Cell =
  | { kind: "score"; value: number }
  | { kind: "nan" }
  | { kind: "text"; text: string };

/** Read a metric cell: a number, a NaN (empty, `NaN`/`nan`, null), or text that is no number. */
export function readCell(value: unknown): Cell {
  if (value === undefined || value === null) return { kind: "nan" };
  if (typeof value === "boolean") return { kind: "score", value: value ? 1 : 0 };
  if (typeof value === "number") {
    return Number.isNaN(value)
      ? { kind: "nan" }
      : Number.isFinite(value)
      ? { kind: "score", value }
      : { kind: "text", text: String(value) };
  }
  if (typeof value !== "string") {
    return {
      kind: "text",
      text: isObj(value) || Array.isArray(value) ? JSON.stringify(value) : String(value),
    };
  }
  const t = value.trim();
  if (t === "" || /^nan$/i.test(t) || t === "null" || t === "None") return { kind: "nan" };
  const n = Number(t);
  return Number.isFinite(n) ? { kind: "score", value: n } : { kind: "text", text: value };
}
