/**
 * Reading an eval dataset (JSON lines, a JSON list or CSV) into items: the messages to send, the
 * references, the request parameters and any recorded answer. Problems come back as data.
 *
 * @module
 */
import {
  type ColumnMapping,
  type Format,
  openMappedRecords,
  type ReadLimits,
  type RowProblem,
  type Source,
} from "../io/mod.ts";
import { EVAL_ROLES, type EvalRole } from "./_roles.ts";
import {
  type CodeTest,
  type FieldProblem,
  idsOf,
  jsonIfText,
  relevanceOf,
  testsOf,
  toolCallsOf,
  toolsOf,
} from "./_row_fields.ts";
import { fillTemplate } from "./_template.ts";
import type { ChatMessage, ToolCall, ToolDefinition } from "./types.ts";

export type { CodeTest } from "./_row_fields.ts";

/** One item of a dataset, ready to be asked and scored. */
export interface EvalItem {
  /** Position among the items (0-based). */
  index: number;
  /** The dataset record it came from (1-based). */
  row: number;
  /** The id (`id` field, else the record number). */
  id: string;
  /** The messages to send. */
  messages: ChatMessage[];
  /** The references; several mean the best match counts; empty when the row has none. */
  references: string[];
  /** Request parameters: run-wide ones with the row's own `params` on top. */
  params: Record<string, unknown>;
  /** A recorded answer (`response`/`output`), or null. */
  recorded: string | null;
  /** A recorded finish reason (`finish_reason`), as given. */
  finishReason?: unknown;
  /** A recorded latency in milliseconds (`latency_ms`), as given. */
  latency?: unknown;
  /** A recorded time to the first token in milliseconds (`ttft_ms`), as given. */
  ttft?: unknown;
  /** Tools the model may call (`tools`, OpenAI function format). */
  tools?: ToolDefinition[];
  /** Gold ids with relevance grades (`relevant` / `gold_ids`), for the retrieval metrics. */
  relevant?: Map<string, number>;
  /** Code tests (`tests`), for the tests metric. */
  tests?: CodeTest[];
  /** Recorded retrieved ids (`retrieved`), scored with a recorded answer. */
  retrieved?: string[];
  /** Recorded tool calls (`tool_calls`), scored with a recorded answer. */
  toolCalls?: ToolCall[];
  /** Every field of the row. */
  fields: Readonly<Record<string, unknown>>;
}

/** How to read a dataset. */
export interface DatasetOptions {
  /** The field to ask (the prompt role), instead of `prompt`/`question`/`input`. */
  input?: string;
  /** The field holding the reference(s), instead of `reference`/`answer`/`expected`/…. */
  reference?: string;
  /**
   * Columns for roles (`id`, `messages`, `prompt`, `reference`, `recorded`, `params`,
   * `finishReason`, `latency`, `ttft`, `tools`, `relevant`, `tests`, `retrieved`, `toolCalls`);
   * null switches a role off. `input` and `reference` win over it.
   */
  mapping?: ColumnMapping<EvalRole>;
  /** A prompt template filled from the row: `{field}` (write `{{` and `}}` for braces). */
  template?: string;
  /** Request parameters for every item (`max_tokens`, `temperature`, …). */
  params?: Record<string, unknown>;
  /** Read only the first N records. */
  limit?: number;
  /** Limits on decompression, record size and nesting while reading (see `DEFAULT_READ_LIMITS`). */
  limits?: ReadLimits;
  /** A name for messages (default: the path). */
  name?: string;
}

/** A dataset read: its items and the rows that could not be used. */
export interface Dataset {
  /** The name used in messages. */
  name: string;
  /** The format read. */
  format: Format | null;
  /** Which column plays which role. */
  mapping: Readonly<Partial<Record<EvalRole, string>>>;
  /** The usable items, in file order. */
  items: EvalItem[];
  /** Rows that could not be used, each with its reason (they are never silently dropped). */
  problems: RowProblem[];
  /** Records read (usable or not). */
  records: number;
}

const ROLES = new Set(["system", "user", "assistant"]);

/** A value a row really gives (an empty CSV cell gives nothing). */
const filled = (v: unknown) => v !== undefined && v !== null && v !== "";

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function messagesOf(value: unknown): ChatMessage[] | string {
  const list = jsonIfText(value);
  if (!Array.isArray(list) || list.length === 0) return "is not a non-empty list of messages";
  const out: ChatMessage[] = [];
  for (const [i, m] of list.entries()) {
    const role = (m as { role?: unknown })?.role;
    const content = (m as { content?: unknown })?.content;
    if (typeof role !== "string" || !ROLES.has(role)) {
      return `message ${i + 1} has role ${JSON.stringify(role)} (system, user or assistant)`;
    }
    if (typeof content !== "string") return `message ${i + 1} has no text content`;
    out.push({ role: role as ChatMessage["role"], content });
  }
  return out;
}

/**
 * Read a dataset through io's reading pipeline. The columns' roles are settled once for the file
 * (`options.mapping`, `input` and `reference` override the suggestions): the prompt comes from
 * `messages`, else the template filled from the row, else the prompt column
 * (`prompt`/`question`/`input`); the reference from `reference`/`answer`/`expected`/`target`/
 * `ideal` (a list means several); a recorded `response`/`output` is kept. Ids must be unique.
 *
 * @throws {Deno.errors.NotFound} When the file does not exist; a mapping naming a column the file
 * lacks is a user error naming the columns it has.
 *
 * @example Two rows, one with a missing template field
 * ```ts
 * import { readDataset } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const data = await readDataset([
 *   { id: "q1", country: "France", answer: ["Paris", "paris, france"] },
 *   { id: "q2", answer: "Rome" },
 * ], { template: "Capital of {country}?" });
 * assert.equal(data.items[0].messages[0].content, "Capital of France?");
 * assert.deepEqual(data.items[0].references, ["Paris", "paris, france"]);
 * assert.deepEqual(data.problems[0], {
 *   code: "missing-field", row: 2, field: "country",
 *   message: 'row 2 has no field "country" for the template',
 * });
 * ```
 */
export async function readDataset(
  source: Source,
  options: DatasetOptions = {},
): Promise<Dataset> {
  const mapping: ColumnMapping<EvalRole> = {
    ...(options.mapping ?? {}),
    ...(options.input !== undefined ? { prompt: options.input } : {}),
    ...(options.reference !== undefined ? { reference: options.reference } : {}),
  };
  const records = await openMappedRecords<EvalRole>(source, EVAL_ROLES, {
    mapping,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
  const items: EvalItem[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const csv = records.format === "csv" || records.format === "tsv";
  const column = (role: EvalRole) => records.mapping[role];
  let count = 0;
  for await (const record of records) {
    if (options.limit !== undefined && count >= options.limit) break;
    count++;
    const row = record.row;
    if (record.problem) {
      problems.push(record.problem);
      continue;
    }
    const values = record.values;
    const problem = (code: string, message: string, field?: string) => {
      const p = { code, row, ...(field ? { field } : {}), message };
      records.report.leaveOut(p);
      problems.push(p);
    };

    let messages: ChatMessage[];
    const rawMessages = record.get("messages");
    if (filled(rawMessages)) {
      const m = messagesOf(rawMessages);
      if (typeof m === "string") {
        problem("bad-messages", `row ${row}: "${column("messages")}" ${m}`, column("messages"));
        continue;
      }
      messages = m;
    } else if (options.template !== undefined) {
      const filledIn = fillTemplate(options.template, values);
      if (typeof filledIn !== "string") {
        problem(
          "missing-field",
          `row ${row} has no field "${filledIn.missing}" for the template`,
          filledIn.missing,
        );
        continue;
      }
      messages = [{ role: "user", content: filledIn }];
    } else {
      const prompt = record.get("prompt");
      if (!filled(prompt)) {
        problem(
          "no-prompt",
          column("prompt") !== undefined
            ? `row ${row} has no "${column("prompt")}" to ask`
            : `row ${row} has no messages, prompt, question or input`,
          column("prompt"),
        );
        continue;
      }
      messages = [{ role: "user", content: asText(prompt) }];
    }

    // In CSV a list of references is written as a JSON array; elsewhere a string stays a string.
    const rawReference = record.get("reference");
    const refValue = csv ? jsonIfArray(rawReference) : rawReference;
    const references = !filled(refValue)
      ? []
      : Array.isArray(refValue)
      ? refValue.map(asText)
      : [asText(refValue)];

    const rawParams = record.get("params");
    const rowParams = filled(rawParams) ? jsonIfText(rawParams) : undefined;
    if (rowParams !== undefined && (typeof rowParams !== "object" || Array.isArray(rowParams))) {
      problem("bad-params", `row ${row}: "${column("params")}" is not an object`, column("params"));
      continue;
    }
    const params = {
      ...(options.params ?? {}),
      ...((rowParams as Record<string, unknown> | undefined) ?? {}),
    };

    const rawId = record.get("id");
    const id = filled(rawId) ? String(rawId) : String(row);
    const first = seen.get(id);
    if (first !== undefined) {
      problem("duplicate-id", `id "${id}" appears in rows ${first} and ${row}`, column("id"));
      continue;
    }
    seen.set(id, row);

    const structured: Partial<Pick<EvalItem, StructuredRole>> = {};
    let bad: { role: StructuredRole; problem: string } | undefined;
    for (const [role, read] of STRUCTURED) {
      const raw = record.get(role);
      if (!filled(raw)) continue;
      const value = read(raw);
      if (isProblem(value)) {
        bad = { role, problem: value.problem };
        break;
      }
      (structured as Record<string, unknown>)[role] = value;
    }
    if (bad) {
      problem(
        `bad-${bad.role}`,
        `row ${row}: "${column(bad.role)}" ${bad.problem}`,
        column(bad.role),
      );
      continue;
    }

    const recorded = record.get("recorded");
    records.report.used();
    items.push({
      index: items.length,
      row,
      id,
      messages,
      references,
      params,
      recorded: typeof recorded === "string" ? recorded : null,
      finishReason: record.get("finishReason"),
      latency: record.get("latency"),
      ttft: record.get("ttft"),
      ...structured,
      fields: values,
    });
  }
  return {
    name: records.name,
    format: records.format,
    mapping: records.mapping,
    items,
    problems,
    records: count,
  };
}

/** Roles whose values are read into checked structures. */
type StructuredRole = "tools" | "relevant" | "tests" | "retrieved" | "toolCalls";

const STRUCTURED: readonly [StructuredRole, (v: unknown) => unknown][] = [
  ["tools", toolsOf],
  ["relevant", relevanceOf],
  ["tests", testsOf],
  ["retrieved", idsOf],
  ["toolCalls", toolCallsOf],
];

const isProblem = (v: unknown): v is FieldProblem =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Map) &&
  typeof (v as FieldProblem).problem === "string";

function jsonIfArray(value: unknown): unknown {
  const parsed = jsonIfText(value);
  return Array.isArray(parsed) ? parsed : value;
}
