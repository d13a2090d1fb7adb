/**
 * Evaluate an application instead of a bare model: a function from the question to an answer.
 *
 * @module
 */
import { CallError, type CallReply, type ModelCaller } from "./model_caller.ts";

/** What an application returns: the answer text, or the text with the ids it retrieved. */
export type AppAnswer = string | { answer: string; retrieved?: readonly (string | number)[] };

/**
 * An application under evaluation: it gets the question (the last user message), the dataset
 * row, and a signal that aborts when the per-call timeout passes. Sync or async.
 */
export type AppFunction = (
  question: string,
  row: Readonly<Record<string, unknown>>,
  context: { messages: readonly { role: string; content: string }[]; signal: AbortSignal },
) => AppAnswer | Promise<AppAnswer>;

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new CallError("timeout", "no answer before the per-call timeout"));
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  });
}

/**
 * A caller that runs an application function. A throw is a failed call of kind `app` (an `INFRA`
 * miss, not retried); an answer that is neither text nor `{ answer }` is one too.
 *
 * @example An app that looks answers up
 * ```ts
 * import { appCaller } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const capitals: Record<string, string> = { "France": "Paris" };
 * const caller = appCaller((q) => capitals[q] ?? "I don't know", "lookup");
 * const reply = await caller.call({
 *   messages: [{ role: "user", content: "France" }], params: {}, stream: false,
 *   signal: new AbortController().signal, row: {},
 * });
 * assert.equal(reply.text, "Paris");
 * assert.equal(caller.id, "app:lookup");
 * ```
 */
export function appCaller(app: AppFunction, name?: string): ModelCaller {
  return {
    id: `app:${name ?? (app.name || "app")}`,
    source: "app",
    secrets: [],
    async call(request): Promise<CallReply> {
      const question = [...request.messages].reverse().find((m) => m.role === "user")?.content ??
        "";
      let answer: AppAnswer;
      try {
        answer = await Promise.race([
          Promise.resolve().then(() =>
            app(question, request.row, { messages: request.messages, signal: request.signal })
          ),
          abortPromise(request.signal),
        ]);
      } catch (error) {
        if (error instanceof CallError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new CallError("app", `the app threw: ${message}`, { cause: error });
      }
      const text = typeof answer === "string" ? answer : answer?.answer;
      if (typeof text !== "string") {
        throw new CallError("app", "the app returned neither text nor { answer: text }");
      }
      const retrieved = typeof answer === "object" && Array.isArray(answer.retrieved)
        ? answer.retrieved.map(String)
        : undefined;
      return {
        text,
        finishReason: null,
        rawFinishReason: null,
        usage: null,
        ttftMs: null,
        ...(retrieved ? { retrieved } : {}),
      };
    },
  };
}
