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

/** Split text chunks into lines (without their `\n` or `\r\n`), numbered from 1. */
export async function* numberedLines(
  chunks: AsyncIterable<string>,
): AsyncGenerator<{ line: number; text: string }> {
  let pending = "";
  let line = 0;
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    let nl = pending.indexOf("\n", start);
    while (nl >= 0) {
      const end = nl > start && pending[nl - 1] === "\r" ? nl - 1 : nl;
      yield { line: ++line, text: pending.slice(start, end) };
      start = nl + 1;
      nl = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
  }
  if (pending !== "") yield { line: ++line, text: pending.replace(/\r$/, "") };
}
