// Random access and line reading over a harness file given as a path, a URL, bytes or text.
import { type NumberedLine, numberedLines } from "../io/numbered_lines.ts";
import { DEFAULT_READ_LIMITS, type ReadLimits, resolveReadLimits } from "../io/limits.ts";
import type { HarnessSource, RandomAccessFile } from "./types.ts";
import { markUserError, UserRangeError, UserSyntaxError, UserTypeError } from "../errors/mod.ts";

/** A file opened for reading by offset (see {@link RandomAccessFile}). */
export type OpenedFile = RandomAccessFile;

function fromBytes(bytes: Uint8Array, name: string): OpenedFile {
  return {
    name,
    size: bytes.length,
    readAt: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
    close: () => {},
  };
}

async function fromPath(path: string, name: string): Promise<OpenedFile> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw markUserError(
        new Deno.errors.NotFound(`Cannot read harness file "${name}": no such file`),
      );
    }
    throw error;
  }
  const info = await file.stat();
  if (info.isDirectory) {
    file.close();
    throw new UserTypeError(`Cannot read harness file "${name}": it is a directory`);
  }
  return {
    name,
    size: info.size,
    async readAt(offset, length) {
      const end = Math.min(offset + length, info.size);
      const out = new Uint8Array(Math.max(0, end - offset));
      await file.seek(offset, Deno.SeekMode.Start);
      let at = 0;
      while (at < out.length) {
        const n = await file.read(out.subarray(at));
        if (n === null) break;
        at += n;
      }
      return out.subarray(0, at);
    },
    close: () => file.close(),
  };
}

/** The file-system path of a source, when it has one. */
export function sourcePath(source: HarnessSource): string | undefined {
  if (typeof source === "string") return source;
  if (source instanceof URL && source.protocol === "file:") {
    return decodeURIComponent(source.pathname);
  }
  return undefined;
}

/** Open a harness source for random access, with the limits to read it with. */
export async function openHarnessSource(
  source: HarnessSource,
  name?: string,
  limits?: ReadLimits,
): Promise<OpenedFile> {
  const resolved = resolveReadLimits(limits);
  const file = await openUnlimited(source, name);
  file.limits = resolved;
  return file;
}

function openUnlimited(source: HarnessSource, name?: string): Promise<OpenedFile> {
  const path = sourcePath(source);
  if (path !== undefined) return fromPath(path, name ?? path);
  if (source instanceof URL) {
    throw new UserTypeError(
      `Cannot read harness file "${source.href}": only file: URLs are read (fetch it first)`,
    );
  }
  if (source instanceof Uint8Array) return Promise.resolve(fromBytes(source, name ?? "<bytes>"));
  if (typeof source === "object" && source !== null) {
    if ("bytes" in source && source.bytes instanceof Uint8Array) {
      return Promise.resolve(fromBytes(source.bytes, name ?? source.name ?? "<bytes>"));
    }
    if ("text" in source && typeof source.text === "string") {
      const bytes = new TextEncoder().encode(source.text);
      return Promise.resolve(fromBytes(bytes, name ?? source.name ?? "<text>"));
    }
  }
  throw new UserTypeError(
    "Cannot read harness file: the source must be a path, a file: URL, bytes, {bytes} or {text}",
  );
}

const CHUNK = 1 << 16;

function utf8Error(name: string): SyntaxError {
  return new UserSyntaxError(`Cannot read harness file "${name}": it is not valid UTF-8 text`);
}

/**
 * The whole file as text (a leading byte-order mark is dropped). A file larger than the
 * maxDecompressed limit is not read whole: that is an error naming the limit.
 */
export async function readAllText(file: OpenedFile): Promise<string> {
  const limit = (file.limits ?? DEFAULT_READ_LIMITS).maxDecompressed;
  if (file.size > limit) {
    throw new UserRangeError(
      `Cannot read harness file "${file.name}": it is one JSON document of ${file.size} bytes, ` +
        `read whole, and the limit is ${limit} (raise it with --max-decompressed)`,
    );
  }
  const bytes = await file.readAt(0, file.size);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw utf8Error(file.name);
  }
}

/** The file's text, decoded chunk by chunk. */
async function* decodedChunks(file: OpenedFile): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let offset = 0; offset < file.size; offset += CHUNK) {
    const chunk = await file.readAt(offset, CHUNK);
    try {
      yield decoder.decode(chunk, { stream: offset + CHUNK < file.size });
    } catch {
      throw utf8Error(file.name);
    }
  }
}

/**
 * The file's lines (without their line ends), numbered from 1, read in chunks. A line over the
 * record size limit comes out with `omitted` set, its text never built.
 */
export function readLines(file: OpenedFile): AsyncGenerator<NumberedLine> {
  const maxLineLength = (file.limits ?? DEFAULT_READ_LIMITS).maxRecordSize;
  return numberedLines(decodedChunks(file), { maxLineLength });
}

/** The file's bytes as a stream, read in chunks (for the io readers). */
export function fileStream(file: OpenedFile): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      const chunk = offset < file.size ? await file.readAt(offset, CHUNK) : new Uint8Array();
      if (chunk.length === 0) return controller.close();
      offset += chunk.length;
      controller.enqueue(chunk);
    },
  });
}
