/**
 * Live checks: free diagnoses that read an answer and its record, never call a model, and run on
 * every item. Each names the cause of the failure it finds (finish reason `length` → F1, an empty
 * answer → F9, …). On a missed item they explain the miss; on an item that passed every metric
 * they flag it.
 *
 * @module
 */
import { jsonSchemaGrader, readNumbers } from "../graders/mod.ts";
import { normalizeAnswer, pySplit } from "../text/mod.ts";
import type { CauseId } from "./causes.ts";
import { finalNumber } from "./_extract_metrics.ts";
import { degenerate } from "./_repetition.ts";
import { dominantScript } from "./_scripts.ts";
import { contains } from "./_text_metrics.ts";
import type { AnswerRecord, MetricValue } from "./types.ts";

/** What a live check found: the cause, which check found it, and what it saw. */
export interface LiveFinding {
  /** The cause it names. */
  cause: CauseId;
  /** The check that found it. */
  check: LiveCheckName;
  /** What it saw, in words. */
  detail: string;
}

/** Settings of the live checks. */
export interface LiveCheckOptions {
  /**
   * The script an answer must be written in (F10): `auto` (default) takes the references' script,
   * else the question's; a script name (`Latin`, `Cyrillic`, `Han`, …) sets it; `off` skips the
   * check (e.g. translation prompts without references).
   */
  script?: string;
}

/** What a live check sees of one item. */
export interface LiveCheckInput {
  /** The answer as recorded (text, finish reason, tool calls, messages and params sent). */
  answer: AnswerRecord;
  /** The item's references. */
  references: readonly string[];
  /** Each metric's verdict on the answer. */
  metrics: Readonly<Record<string, MetricValue>>;
  /** The tools the request offered (the row's `tools`), when any; else `params.tools` is read. */
  tools?: readonly unknown[];
  /** Settings. */
  options?: LiveCheckOptions;
}

/** One live check: the cause it names, what it looks at, and the check. */
export interface LiveCheck {
  /** The cause it names. */
  cause: CauseId;
  /** What it looks at, in words (docs and reports). */
  rule: string;
  /** True when it only explains misses (it needs a failed metric), never flags a pass. */
  missesOnly: boolean;
  /** What it found, or null. */
  check(input: LiveCheckInput): string | null;
}

/** The names of the live checks. */
export type LiveCheckName =
  | "truncated"
  | "empty"
  | "refusal"
  | "json_requested"
  | "repetition"
  | "tool_mismatch"
  | "script"
  | "buried"
  | "abstained";

const text = (input: LiveCheckInput) => input.answer.text ?? "";
const failed = (input: LiveCheckInput, name: string) => input.metrics[name]?.pass === false;

// Refusals: a declining verb after "I", near the start of the answer.
const NOT = String
  .raw`(?:can(?:no|['’])?t|can not|won['’]?t|will not|am unable to|['’]m unable to|am not able to|['’]m not able to)`;
const REFUSAL: readonly RegExp[] = [
  new RegExp(
    String
      .raw`\bI\s*${NOT}\s+(?:help|assist|comply|provide|fulfil|fulfill|answer|do that|support|engage|share|create|generate|write|give|discuss)\b`,
    "i",
  ),
  /\bI\s+(?:must|have to)\s+(?:decline|refuse)\b/i,
  /\bAs an AI(?: language model| assistant)?,? I\s+(?:can(?:no|['’])?t|cannot|don['’]?t|do not|am not able)/i,
  /\b(?:this|that|your) request (?:violates|goes against|is against)\b/i,
];

// Abstentions: the model says it does not know.
const ABSTAIN =
  /^\W*(?:unknown|not sure|no idea|n\/a)\W*$|\bI\s+(?:do not|don['’]?t)\s+know\b|\bI(?:['’]m| am)\s+not\s+(?:sure|certain)\b|\bI\s+(?:do not|don['’]?t)\s+have\s+(?:enough\s+)?(?:information|data)\b|\b(?:cannot|can['’]t)\s+be\s+determined\b/i;

const abstains = (s: string) => ABSTAIN.test(s.slice(0, 400));

function requestedJson(params: Readonly<Record<string, unknown>>): { schema?: unknown } | null {
  const format = params.response_format as
    | { type?: string; json_schema?: { schema?: unknown } }
    | undefined;
  if (format?.type === "json_object") return {};
  if (format?.type === "json_schema") return { schema: format.json_schema?.schema };
  return null;
}

function offeredTools(input: LiveCheckInput): Map<string, unknown> | null {
  const list = input.tools ?? input.answer.params.tools;
  if (!Array.isArray(list)) return null;
  const tools = new Map<string, unknown>();
  for (const t of list as { function?: { name?: unknown; parameters?: unknown } }[]) {
    if (typeof t?.function?.name === "string") tools.set(t.function.name, t.function.parameters);
  }
  return tools;
}

function expectedScript(input: LiveCheckInput): string | null {
  const setting = input.options?.script ?? "auto";
  if (setting === "off") return null;
  if (setting !== "auto") return setting;
  const refs = input.references.map(dominantScript).filter((d) => d !== null && d.letters >= 2);
  if (refs.length > 0) return refs[0]!.script;
  const question = [...input.answer.messages].reverse().find((m) => m.role === "user");
  const q = question ? dominantScript(question.content) : null;
  return q && q.letters >= 8 && q.share >= 0.9 ? q.script : null;
}

/** The live checks, in the order they run. */
export const LIVE_CHECKS: Readonly<Record<LiveCheckName, LiveCheck>> = {
  truncated: {
    cause: "F1",
    rule: "the finish reason is `length` (the output-token limit was reached)",
    missesOnly: false,
    check: (i) =>
      i.answer.finishReason === "length"
        ? `stopped at the output-token limit (finish reason ${
          JSON.stringify(i.answer.rawFinishReason ?? "length")
        }${i.answer.usage?.output != null ? `, ${i.answer.usage.output} tokens` : ""})`
        : null,
  },
  empty: {
    cause: "F9",
    rule: "the answer has no text (only spaces) and no tool call",
    missesOnly: false,
    check: (i) =>
      text(i).trim() === "" && (i.answer.toolCalls ?? []).length === 0 ? "no text" : null,
  },
  refusal: {
    cause: "F3",
    rule: "the finish reason is `content_filter`, or the answer opens with a refusal phrase",
    missesOnly: false,
    check(i) {
      if (i.answer.finishReason === "content_filter") return "stopped by the content filter";
      const head = text(i).slice(0, 300);
      const hit = REFUSAL.map((re) => re.exec(head)).find((m) => m !== null);
      return hit ? `refusal phrase ${JSON.stringify(hit[0])}` : null;
    },
  },
  json_requested: {
    cause: "F2",
    rule: "JSON was requested (`response_format`) but the answer is not JSON or breaks the schema",
    missesOnly: false,
    check(i) {
      const wanted = requestedJson(i.answer.params);
      if (!wanted || text(i).trim() === "") return null;
      try {
        JSON.parse(text(i).trim());
      } catch {
        return `JSON was requested (response_format), the answer is not JSON${
          /^\s*```/.test(text(i)) ? " (it is in a code fence)" : ""
        }`;
      }
      if (wanted.schema === undefined) return null;
      const graded = jsonSchemaGrader.grade({
        output: text(i).trim(),
        references: [],
        schema: wanted.schema,
      });
      return graded.pass === false ? `breaks the requested schema: ${graded.reason}` : null;
    },
  },
  repetition: {
    cause: "F11",
    rule: "a block of 1–50 words repeats back to back ≥ 3 times, over ≥ 20 words and ≥ 30% of " +
      "the answer",
    missesOnly: false,
    check(i) {
      const r = degenerate(text(i));
      return r
        ? `${
          JSON.stringify(r.block.slice(0, 40))
        } repeated ${r.copies} times in a row (${r.tokens} of ${r.total} tokens)`
        : null;
    },
  },
  tool_mismatch: {
    cause: "F14",
    rule: "a tool call names a tool the request did not offer, or its arguments are not JSON or " +
      "break the tool's parameter schema",
    missesOnly: false,
    check(i) {
      const calls = i.answer.toolCalls ?? [];
      const offered = offeredTools(i);
      for (const call of calls) {
        if (offered && !offered.has(call.name)) {
          return `called "${call.name}", which the request did not offer (${
            [...offered.keys()].join(", ") || "no tools"
          })`;
        }
        try {
          JSON.parse(call.arguments === "" ? "{}" : call.arguments);
        } catch {
          return `the arguments of "${call.name}" are not JSON`;
        }
        const schema = offered?.get(call.name);
        if (schema !== undefined) {
          const graded = jsonSchemaGrader.grade({
            output: call.arguments === "" ? "{}" : call.arguments,
            references: [],
            schema,
          });
          if (graded.pass === false) return `the arguments of "${call.name}": ${graded.reason}`;
        }
      }
      return null;
    },
  },
  script: {
    cause: "F10",
    rule: "most letters of the answer are of another Unicode script than the reference's (else " +
      "the question's)",
    missesOnly: false,
    check(i) {
      const want = expectedScript(i);
      const got = dominantScript(text(i));
      if (!want || !got || got.letters < 4) return null;
      const share = (got.counts.get(want) ?? 0) / got.letters;
      return got.script !== want && share < 0.2
        ? `written in ${got.script} script (${
          Math.round(got.share * 100)
        }% of letters), expected ${want}`
        : null;
    },
  },
  buried: {
    cause: "F8",
    rule: "exact_match or number missed, yet the reference is in the answer (as whole words; as " +
      "a number that is not the final one)",
    missesOnly: true,
    check(i) {
      if (i.references.length === 0) return null;
      if (failed(i, "exact_match") && contains(text(i), i.references).value === 1) {
        return "the reference appears in the answer as whole words, with more around it";
      }
      if (failed(i, "number")) {
        const wanted = i.references.map(finalNumber).filter((n) => n !== null);
        const found = readNumbers(text(i)).find((n) => wanted.some((w) => w!.value === n.value));
        if (found) {
          return `the reference's number ${found.text} is in the answer, not as the final one`;
        }
      }
      return null;
    },
  },
  abstained: {
    cause: "F4",
    rule: 'the answer says it does not know ("I don\'t know", "unknown", "not sure"), and no ' +
      "reference says so",
    missesOnly: false,
    check(i) {
      const t = text(i);
      if (!abstains(t) || i.references.some(abstains)) return null;
      // A reference stated in full beside the hedge is not an abstention.
      const words = pySplit(normalizeAnswer(t));
      if (words.length > 40) return null;
      return `says it does not know: ${JSON.stringify(t.trim().slice(0, 60))}`;
    },
  },
};

/**
 * Run every live check on one answer. A failed call gets no findings (its cause is `INFRA`).
 * Checks marked `missesOnly` run only when a metric failed.
 *
 * @example A truncated answer, and a passing one that said it did not know
 * ```ts
 * import { liveChecks, type AnswerRecord } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const answer = {
 *   text: "The capital of France is", finishReason: "length", rawFinishReason: "length",
 *   messages: [{ role: "user", content: "Capital of France?" }], params: {}, error: null,
 * } as unknown as AnswerRecord;
 * const found = liveChecks({ answer, references: ["Paris"], metrics: {} });
 * assert.deepEqual(found.map((f) => f.cause), ["F1"]);
 * ```
 */
export function liveChecks(input: LiveCheckInput): LiveFinding[] {
  if (input.answer.error) return [];
  const missed = Object.values(input.metrics).some((v) => v.pass === false);
  const found: LiveFinding[] = [];
  for (const [name, check] of Object.entries(LIVE_CHECKS) as [LiveCheckName, LiveCheck][]) {
    if (check.missesOnly && !missed) continue;
    const detail = check.check(input);
    if (detail !== null) found.push({ cause: check.cause, check: name, detail });
  }
  return found;
}
