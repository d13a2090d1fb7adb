/**
 * Turning any {@link Source} into a byte stream with a name for messages.
 *
 * @module
 */
import { markUserError, UserTypeError } from "../errors/mod.ts";
import type { Source, TextSource } from "./types.ts";

/** An opened source: its bytes as a stream, and a name for messages. */
export interface OpenedSource {
  /** The content. */
  stream: ReadableStream<Uint8Array>;
  /** The name used in messages. */
  name: string;
}

function bytesToStream(bytes: Uint8Array, chunk = 1 << 16): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
}

/** What a value is, for a message: `null`, `a number`, `an object without "text"`. */
function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return 'an object without a "text" string';
  return `${/^[aeiou]/.test(typeof value) ? "an" : "a"} ${typeof value}`;
}

function isTextSource(source: unknown): source is TextSource {
  return typeof source === "object" && source !== null && !Array.isArray(source) &&
    typeof (source as TextSource).text === "string";
}

async function openPath(path: string, name: string): Promise<OpenedSource> {
  try {
    const file = await Deno.open(path, { read: true });
    return { stream: file.readable, name };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw markUserError(new Deno.errors.NotFound(`Cannot read "${name}": no such file`));
    }
    if (error instanceof Deno.errors.IsADirectory) {
      throw new UserTypeError(`Cannot read "${name}": it is a directory`);
    }
    throw error;
  }
}

/**
 * Open a source as a byte stream. Paths and `file:` URLs are read from disk, `http(s):` URLs are
 * fetched (this needs network permission; nothing else does).
 *
 * @example Open text given directly
 * ```ts
 * import { openSource } from "./source.ts";
 * import assert from "node:assert/strict";
 *
 * const { stream, name } = await openSource({ text: "id,output\n1,a\n", name: "inline.csv" });
 * assert.equal(name, "inline.csv");
 * assert.equal(await new Response(stream).text(), "id,output\n1,a\n");
 * ```
 */
export async function openSource(
  source: Exclude<Source, readonly Record<string, unknown>[]>,
  name?: string,
): Promise<OpenedSource> {
  if (typeof source === "string") return openPath(source, name ?? source);
  if (source instanceof URL) {
    if (source.protocol === "file:") {
      const path = decodeURIComponent(source.pathname);
      return openPath(path, name ?? path);
    }
    const label = name ?? source.href;
    let response: Response;
    try {
      response = await fetch(source);
    } catch (error) {
      // fetch rejects with a TypeError when the request cannot be made (no route, no such host).
      if (!(error instanceof TypeError)) throw error;
      throw new UserTypeError(`Cannot read "${label}": the request failed (${error.message})`, {
        cause: error,
      });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const message = `Cannot read "${label}": the server answered ${response.status}`;
      throw markUserError(
        response.status === 404 ? new Deno.errors.NotFound(message) : new Deno.errors.Http(message),
      );
    }
    return { stream: response.body, name: label };
  }
  if (source instanceof Uint8Array) {
    return { stream: bytesToStream(source), name: name ?? "<bytes>" };
  }
  if (source instanceof ReadableStream) return { stream: source, name: name ?? "<stream>" };
  if (isTextSource(source)) {
    return {
      stream: bytesToStream(new TextEncoder().encode(source.text)),
      name: name ?? source.name ?? "<text>",
    };
  }
  throw new UserTypeError(
    "Cannot read the source: it must be a path, a URL, {text}, bytes, a ReadableStream or an " +
      `array of objects, got ${describeValue(source)}`,
  );
}

/**
 * Read the first bytes of a stream (at least `min` bytes, or all of it when shorter) without
 * losing them: returns the head and a stream that yields the whole content again.
 */
export async function peekStream(
  stream: ReadableStream<Uint8Array>,
  min = 1 << 16,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < min) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    head.set(c, at);
    at += c.length;
  }
  let replayed = false;
  const whole = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!replayed) {
        replayed = true;
        if (head.length > 0) controller.enqueue(head);
        if (done) controller.close();
        return;
      }
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, stream: whole };
}
