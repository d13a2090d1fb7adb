// Decoding and line splitting for text record readers.

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
      if (error instanceof TypeError) {
        throw new SyntaxError(`Cannot read results file "${name}": it is not valid UTF-8 text`);
      }
      throw error;
    }
  })();
}
