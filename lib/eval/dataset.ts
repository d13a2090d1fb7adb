/**
 * Reading an eval dataset (JSON lines, a JSON list or CSV) into items: the messages to send, the
 * references, the request parameters and any recorded answer. Problems come back as data.
 *
 * @module
 */
import { openRecords, type RowProblem, type Source } from "../io/mod.ts";
import {
  ID_FIELD,
  MESSAGES_FIELD,
  PARAMS_FIELD,
  promptField,
  RECORDED_FIELDS,
  referenceField,
  type RoleChoices,
} from "./_roles.ts";
import { fillTemplate } from "./_template.ts";
import type { ChatMessage } from "./types.ts";

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
  /** Every field of the row. */
  fields: Readonly<Record<string, unknown>>;
}

/** How to read a dataset. */
export interface DatasetOptions extends RoleChoices {
  /** A prompt template filled from the row: `{field}` (write `{{` and `}}` for braces). */
  template?: string;
  /** Request parameters for every item (`max_tokens`, `temperature`, …). */
  params?: Record<string, unknown>;
  /** Read only the first N records. */
  limit?: number;
  /** A name for messages (default: the path). */
  name?: string;
}

/** A dataset read: its items and the rows that could not be used. */
export interface Dataset {
  /** The name used in messages. */
  name: string;
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

function jsonIfText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (!(t.startsWith("[") || t.startsWith("{"))) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

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
 * Read a dataset. The prompt comes from `messages`, else the template filled from the row, else
 * the `input` field, else `prompt`/`question`/`input`; the reference from the `reference` field,
 * else `reference`/`answer`/`expected`/`target`/`ideal` (a list means several); a recorded
 * `response`/`output` is kept. Ids must be unique.
 *
 * @throws {Deno.errors.NotFound} When the file does not exist (other files errors likewise).
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
  const records = await openRecords(source, options.name ? { name: options.name } : {});
  const items: EvalItem[] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const csv = records.format === "csv" || records.format === "tsv";
  let count = 0;
  for await (const record of records) {
    if (options.limit !== undefined && count >= options.limit) break;
    count++;
    const row = record.row;
    if (!record.values) {
      problems.push(
        record.problem ?? { code: "unreadable", row, message: `row ${row} cannot be read` },
      );
      continue;
    }
    const values = record.values;
    const problem = (code: string, message: string, field?: string) =>
      problems.push({ code, row, ...(field ? { field } : {}), message });

    let messages: ChatMessage[];
    if (filled(values[MESSAGES_FIELD])) {
      const m = messagesOf(values[MESSAGES_FIELD]);
      if (typeof m === "string") {
        problem("bad-messages", `row ${row}: "${MESSAGES_FIELD}" ${m}`, MESSAGES_FIELD);
        continue;
      }
      messages = m;
    } else if (options.template !== undefined) {
      const filled = fillTemplate(options.template, values);
      if (typeof filled !== "string") {
        problem(
          "missing-field",
          `row ${row} has no field "${filled.missing}" for the template`,
          filled.missing,
        );
        continue;
      }
      messages = [{ role: "user", content: filled }];
    } else {
      const prompt = promptField(values, options);
      if (prompt === undefined || !filled(prompt.value)) {
        problem(
          "no-prompt",
          options.input !== undefined
            ? `row ${row} has no "${options.input}" field to ask`
            : `row ${row} has no messages, prompt, question or input`,
          options.input,
        );
        continue;
      }
      messages = [{ role: "user", content: asText(prompt.value) }];
    }

    const ref = referenceField(values, options);
    // In CSV a list of references is written as a JSON array; elsewhere a string stays a string.
    const refValue = csv ? jsonIfArray(ref?.value) : ref?.value;
    const references = refValue === undefined || refValue === null || refValue === ""
      ? []
      : Array.isArray(refValue)
      ? refValue.map(asText)
      : [asText(refValue)];

    const rowParams = filled(values[PARAMS_FIELD]) ? jsonIfText(values[PARAMS_FIELD]) : undefined;
    if (
      rowParams !== undefined && rowParams !== null && rowParams !== "" &&
      (typeof rowParams !== "object" || Array.isArray(rowParams))
    ) {
      problem("bad-params", `row ${row}: "${PARAMS_FIELD}" is not an object`, PARAMS_FIELD);
      continue;
    }
    const params = { ...(options.params ?? {}), ...((rowParams as Record<string, unknown>) ?? {}) };

    const rawId = values[ID_FIELD];
    const id = rawId === undefined || rawId === null || rawId === "" ? String(row) : String(rawId);
    const first = seen.get(id);
    if (first !== undefined) {
      problem("duplicate-id", `id "${id}" appears in rows ${first} and ${row}`, ID_FIELD);
      continue;
    }
    seen.set(id, row);

    const recordedField = RECORDED_FIELDS.find((f) => typeof values[f] === "string");
    items.push({
      index: items.length,
      row,
      id,
      messages,
      references,
      params,
      recorded: recordedField ? values[recordedField] as string : null,
      fields: values,
    });
  }
  return { name: records.name, items, problems, records: count };
}

function jsonIfArray(value: unknown): unknown {
  const parsed = jsonIfText(value);
  return Array.isArray(parsed) ? parsed : value;
}
