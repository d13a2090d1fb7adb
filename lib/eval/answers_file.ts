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

/** Canonical JSON: object keys sorted, so equal values give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) =>
      (value as Record<string, unknown>)[k] !== undefined
    )
      .sort();
    return `{${
      keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
        .join(",")
    }}`;
  }
  return JSON.stringify(value) ?? "null";
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
 * record starts on a line of its own.
 */
export class AnswerWriter {
  readonly #file: Deno.FsFile;
  readonly #redact: (text: string) => string;
  #queue: Promise<void> = Promise.resolve();
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
    if (torn) writer.#enqueue("\n");
    return writer;
  }

  #enqueue(text: string): Promise<void> {
    const bytes = new TextEncoder().encode(text);
    this.#queue = this.#queue.then(async () => {
      let written = 0;
      while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
    });
    return this.#queue;
  }

  /** Append one record (resolves once it is written). */
  write(record: AnswerRecord): Promise<void> {
    // Writing after close is a mistake in the calling code: a plain TypeError.
    if (this.#closed) throw new TypeError("Cannot write an answer: the answers file is closed");
    return this.#enqueue(this.#redact(JSON.stringify(record)) + "\n");
  }

  /** Wait for pending writes and close the file. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#queue;
    } finally {
      this.#file.close();
    }
  }
}
