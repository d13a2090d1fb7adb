// Decoding bytes for the record readers: gzip and UTF-8, with errors that name the file.
import { createGunzip } from "node:zlib";
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
 * Decompress gzip bytes (every member of a multi-member file), stopping with an error once the
 * output passes `limit` bytes; damaged or cut-off gzip data is a user error naming the file.
 */
export function gunzip(
  stream: ReadableStream<Uint8Array>,
  name: string,
  limit: number,
): ReadableStream<Uint8Array> {
  const inflate = createGunzip();
  const input = stream.getReader();
  let total = 0;
  let failed: Error | undefined;
  const fail = (error: Error) => {
    failed ??= error;
    inflate.destroy();
  };
  inflate.on("error", (error: Error & { code?: string }) => {
    fail(
      failed ?? new UserSyntaxError(
        `Cannot read "${name}": its gzip data is ${
          error.code === "Z_BUF_ERROR" ? "cut off" : "damaged"
        } (${error.message})`,
        { cause: error },
      ),
    );
  });
  // Feed the decompressor as it asks, so memory holds a chunk or two, not the file.
  (async () => {
    try {
      while (!failed) {
        const next = await input.read();
        if (next.done) break;
        if (!inflate.write(next.value)) {
          await new Promise<void>((resolve) => {
            inflate.once("drain", resolve);
            inflate.once("close", resolve);
          });
        }
      }
      if (!failed) inflate.end();
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  const output = inflate[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await output.next();
      } catch (error) {
        throw failed ?? error;
      }
      if (failed) throw failed;
      if (next.done) return controller.close();
      total += next.value.length;
      if (total > limit) {
        const error = inflatedTooFar(name, "its gzip data", limit);
        fail(error);
        throw error;
      }
      controller.enqueue(
        new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.length),
      );
    },
    async cancel(reason) {
      inflate.destroy();
      await input.cancel(reason);
    },
  });
}

/** Decode UTF-8 bytes into text chunks; a leading BOM is dropped; invalid UTF-8 is an error. */
export function decodeUtf8(
  stream: ReadableStream<Uint8Array>,
  name: string,
): AsyncGenerator<string> {
  const decoded = stream.pipeThrough(new TextDecoderStream("utf-8", { fatal: true }));
  return (async function* () {
    try {
      for await (const chunk of decoded) yield chunk;
    } catch (error) {
      // The fatal decoder rejects bytes that are not UTF-8 with a TypeError; other errors (a
      // damaged gzip stream is a SyntaxError already, a failing disk) pass through as they are.
      if (error instanceof TypeError) {
        throw new UserSyntaxError(`Cannot read "${name}": it is not valid UTF-8 text`);
      }
      throw error;
    }
  })();
}
