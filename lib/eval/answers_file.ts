/**
 * The answers file (`--out answers.jsonl`): one {@link AnswerRecord} per line, appended as answers
 * arrive, read back on the next run so a stopped run resumes where it stopped.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { numberedLines } from "../io/mod.ts";
import { redactor } from "./_redact.ts";
import type { AnswerRecord, ChatMessage, ToolDefinition } from "./types.ts";

/**
 * Canonical JSON: object keys sorted (undefined members left out), so equal values give equal
 * text. The text is part of every key already written to answers files: it must never change.
 */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += (i > 0 ? "," : "") + canonical(value[i]);
    return text + "]";
  }
  const record = value as Record<string, unknown>;
  let text = "{";
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${first ? "" : ","}${JSON.stringify(key)}:${canonical(member)}`;
    first = false;
  }
  return text + "}";
}

/**
 * The reuse key of an ask: SHA-256 of the model, the messages, the parameters, the tools (when the
 * row gives any) and the tag. An answer is reused only when all of them are unchanged.
 *
 * @example Changing a parameter changes the key
 * ```ts
 * import { answerKey } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const ask = { model: "m@http://127.0.0.1:8000/v1", messages: [{ role: "user" as const, content: "2+2?" }], params: { temperature: 0 }, tag: "" };
 * assert.equal(answerKey(ask), answerKey({ ...ask, params: { temperature: 0 } }));
 * assert.notEqual(answerKey(ask), answerKey({ ...ask, params: { temperature: 1 } }));
 * ```
 */
export function answerKey(ask: {
  model: string;
  messages: readonly ChatMessage[];
  params: Readonly<Record<string, unknown>>;
  tag: string;
  tools?: readonly ToolDefinition[];
}): string {
  const text = canonical({
    model: ask.model,
    messages: ask.messages,
    params: ask.params,
    tag: ask.tag,
    tools: ask.tools,
  });
  return createHash("sha256").update(text).digest("hex");
}

/** What was found in an answers file. */
export interface KeptAnswers {
  /** Answered records by `id` and key (the last answer of each wins). */
  answers: Map<string, AnswerRecord>;
  /** Lines read. */
  lines: number;
  /** Failed calls kept in the file (asked again). */
  failed: number;
  /** The failed calls by `id` and key (the last of each), for readers that report them. */
  failures: Map<string, AnswerRecord>;
  /** Lines that are not records (a torn last line of a killed run, or foreign text), by number. */
  unreadable: number[];
  /** True when the file does not end with a newline (its last line was cut off). */
  torn: boolean;
}

/** Index key of a kept answer. */
export const keptKey = (id: string, key: string) => `${id}\u0000${key}`;

function isAnswer(value: unknown): value is AnswerRecord {
  const r = value as AnswerRecord;
  return r !== null && typeof r === "object" && r.kind === "answer" && typeof r.id === "string" &&
    typeof r.key === "string";
}

/**
 * Read an answers file; a missing file is an empty one. Lines that are not answer records (such as
 * a line cut off when a run was killed) are counted and skipped: their items are asked again.
 *
 * @example A torn last line is skipped
 * ```ts
 * import { readAnswers } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile({ suffix: ".jsonl" });
 * await Deno.writeTextFile(path, '{"kind": "answer", "id": "q1", "key": "k", "text": "Paris", "error": null}\n{"kind": "ans');
 * const kept = await readAnswers(path);
 * assert.deepEqual([kept.answers.size, kept.unreadable, kept.torn], [1, [2], true]);
 * await Deno.remove(path);
 * ```
 */
export async function readAnswers(path: string): Promise<KeptAnswers> {
  const kept: KeptAnswers = {
    answers: new Map(),
    lines: 0,
    failed: 0,
    failures: new Map(),
    unreadable: [],
    torn: false,
  };
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return kept;
    throw error;
  }
  let last = "";
  const text = file.readable.pipeThrough(new TextDecoderStream());
  const chunks = (async function* () {
    for await (const chunk of text) {
      if (chunk.length > 0) last = chunk;
      yield chunk;
    }
  })();
  for await (const { line, text } of numberedLines(chunks)) {
    kept.lines = line;
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      kept.unreadable.push(line);
      continue;
    }
    if (!isAnswer(value)) {
      kept.unreadable.push(line);
      continue;
    }
    if (value.error || typeof value.text !== "string") {
      kept.failed++;
      kept.failures.set(keptKey(value.id, value.key), value);
      continue;
    }
    kept.answers.set(keptKey(value.id, value.key), value);
  }
  kept.torn = last !== "" && !last.endsWith("\n");
  return kept;
}

/**
 * Appends answer records to a file, one line each, in the order they are given, with every secret
 * removed from the line. A file whose last line was cut off gets a newline first, so the next
 * record starts on a line of its own. Each line is written at once with one synchronous write (an
 * asynchronous write costs about ten times the CPU of a synchronous one, which shows at hundreds
 * of answers a second): lines are whole and in order, so a killed run can tear only the last one,
 * which the next run asks again.
 */
export class AnswerWriter {
  readonly #file: Deno.FsFile;
  readonly #redact: (text: string) => string;
  readonly #encoder = new TextEncoder();
  #failed: unknown = null;
  #closed = false;

  private constructor(file: Deno.FsFile, redact: (text: string) => string) {
    this.#file = file;
    this.#redact = redact;
  }

  /** Open `path` for appending (created when missing). */
  static async open(
    path: string,
    secrets: readonly string[],
    torn: boolean,
  ): Promise<AnswerWriter> {
    const file = await Deno.open(path, { append: true, create: true });
    const writer = new AnswerWriter(file, redactor(secrets));
    // A failure here comes back from the first write (the writer keeps it).
    if (torn) writer.#append("\n").catch(() => {});
    return writer;
  }

  #append(text: string): Promise<void> {
    if (this.#failed !== null) return Promise.reject(this.#failed);
    const bytes = this.#encoder.encode(text);
    try {
      let written = 0;
      while (written < bytes.length) written += this.#file.writeSync(bytes.subarray(written));
    } catch (error) {
      // The disk is full or the file went away: this write and every later one fail.
      this.#failed = error;
      return Promise.reject(error);
    }
    return Promise.resolve();
  }

  /** Append one record (resolves once it is written). */
  write(record: AnswerRecord): Promise<void> {
    // Writing after close is a mistake in the calling code: a plain TypeError.
    if (this.#closed) throw new TypeError("Cannot write an answer: the answers file is closed");
    return this.#append(this.#redact(JSON.stringify(record)) + "\n");
  }

  /** Close the file (every line is written by then). */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.#file.close();
    }
    return Promise.resolve();
  }
}
