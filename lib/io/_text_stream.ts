// Decoding bytes for the record readers: gzip and UTF-8, with errors that name the file.
// node:zlib is imported when a gzip stream is first read, not with this module: loading it
// starts Deno's Node streams and process layers (~25 ms of CPU), which plain text never needs.
import type { Transform } from "node:stream";
import { UserRangeError, UserSyntaxError } from "../errors/mod.ts";
import { formatByteSize } from "./limits.ts";

/** The error for a stream that inflates past the limit. */
export function inflatedTooFar(name: string, what: string, limit: number): RangeError {
  return new UserRangeError(
    `Cannot read "${name}": ${what} inflates to more than ${formatByteSize(limit)}, the limit ` +
      "for one compressed stream (raise it with --max-decompressed, or the maxDecompressed " +
      "option)",
  );
}

/**
 * Run bytes through a node:zlib decompressor (gunzip, raw inflate), fed as it asks so that memory
 * holds a chunk or two, never the whole input. Its errors are rethrown as they are.
 */
export async function* inflateChunks(
  input: AsyncIterable<Uint8Array>,
  inflate: Transform,
): AsyncGenerator<Uint8Array> {
  let failed: unknown;
  inflate.on("error", (error: unknown) => failed ??= error);
  const feeding = (async () => {
    try {
      for await (const chunk of input) {
        if (failed !== undefined || inflate.destroyed) return;
        if (!inflate.write(chunk)) {
          // Both listeners go once either fires: a long stream waits many times.
          await new Promise<void>((resolve) => {
            const done = () => {
              inflate.off("drain", done);
              inflate.off("close", done);
              resolve();
            };
            inflate.on("drain", done);
            inflate.on("close", done);
          });
        }
      }
      if (!inflate.destroyed) inflate.end();
    } catch (error) {
      failed ??= error;
      inflate.destroy();
    }
  })();
  try {
    for await (const chunk of inflate as AsyncIterable<Uint8Array>) {
      if (failed !== undefined) break;
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    }
  } catch (error) {
    failed ??= error;
  } finally {
    inflate.destroy();
    await feeding;
  }
  if (failed !== undefined) throw failed;
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    while (true) {
      const next = await reader.read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Decompress gzip bytes (every member of a multi-member file), stopping with an error once the
 * output passes `limit` bytes; damaged or cut-off gzip data is a user error naming the file.
 */
export function gunzip(
  stream: ReadableStream<Uint8Array>,
  name: string,
  limit: number,
): ReadableStream<Uint8Array> {
  let output: AsyncGenerator<Uint8Array> | undefined;
  let total = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<Uint8Array>;
      try {
        output ??= inflateChunks(chunksOf(stream), (await import("node:zlib")).createGunzip());
        next = await output.next();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (typeof code !== "string" || !code.startsWith("Z_")) throw error;
        throw new UserSyntaxError(
          `Cannot read "${name}": its gzip data is ${
            code === "Z_BUF_ERROR" ? "cut off" : "damaged"
          } ` +
            `(${(error as Error).message})`,
          { cause: error },
        );
      }
      if (next.done) return controller.close();
      total += next.value.length;
      if (total > limit) {
        await output?.return(undefined);
        throw inflatedTooFar(name, "its gzip data", limit);
      }
      controller.enqueue(next.value);
    },
    async cancel() {
      await output?.return(undefined);
    },
  });
}

/**
 * Decode UTF-8 bytes into text chunks; a leading BOM is dropped; invalid UTF-8 is an error. The
 * bytes are read from the stream's reader and decoded by one streaming `TextDecoder`, as a
 * `TextDecoderStream` would decode them, without a transform stream's steps for each chunk; empty
 * pieces are not yielded (nor would that stream pass them on).
 */
export function decodeUtf8(
  stream: ReadableStream<Uint8Array>,
  name: string,
): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  return (async function* () {
    const reader = stream.getReader();
    let done = false;
    try {
      while (true) {
        const next = await reader.read();
        if (next.done) {
          done = true;
          const rest = decoder.decode();
          if (rest !== "") yield rest;
          return;
        }
        const text = decoder.decode(next.value, { stream: true });
        if (text !== "") yield text;
      }
    } catch (error) {
      // The fatal decoder rejects bytes that are not UTF-8 with a TypeError; other errors (a
      // damaged gzip stream is a SyntaxError already, a failing disk) pass through as they are.
      if (error instanceof TypeError) {
        throw new UserSyntaxError(`Cannot read "${name}": it is not valid UTF-8 text`);
      }
      throw error;
    } finally {
      // Stopped early (or failed): let the source go, as leaving a stream's for-await does.
      if (!done) await reader.cancel().catch(() => {});
    }
  })();
}
