// Decoding bytes for the record readers: gzip and UTF-8, with errors that name the file.
import { UserSyntaxError } from "../errors/mod.ts";

/** Decompress gzip bytes; damaged gzip data is a user error naming the file. */
export function gunzip(
  stream: ReadableStream<Uint8Array>,
  name: string,
): ReadableStream<Uint8Array> {
  const reader = stream.pipeThrough(
    new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
  ).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        // The decompressor rejects damaged data with a TypeError ("corrupt deflate stream").
        if (!(error instanceof TypeError)) throw error;
        throw new UserSyntaxError(
          `Cannot read "${name}": its gzip data is damaged (${error.message})`,
          { cause: error },
        );
      }
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
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
