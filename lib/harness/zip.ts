/**
 * Reading members of a zip archive such as an Inspect AI `.eval` log. This file only does the
 * container bookkeeping (end record, central directory, local headers, zip64 fields); the bytes
 * are decompressed by node:zlib (deflate, method 8) and `fzstd` (zstd, method 93), each imported
 * when a member first needs it (a first import of either starts Deno's Node layer or its npm
 * resolver, which an audit of a file that is no archive should not pay for), streamed from
 * the file and counted while they inflate: a member may inflate to the limit asked for (at most
 * `maxDecompressed`), the whole archive to `maxDecompressed`, whatever its headers claim, and
 * members whose data overlap (a zip bomb's trick) are refused.
 *
 * @module
 */
import type { RandomAccessFile } from "./types.ts";
import { UserRangeError, UserSyntaxError } from "../errors/mod.ts";
import { DEFAULT_READ_LIMITS, formatByteSize } from "../io/limits.ts";
import { inflateChunks } from "../io/_text_stream.ts";

/** One member of a zip archive, as its central directory describes it. */
export interface ZipEntry {
  /** Path inside the archive. */
  name: string;
  /** Compression method: 0 stored, 8 deflate, 93 zstd. */
  method: number;
  /** Bytes stored in the archive. */
  compressedSize: number;
  /** Bytes once decompressed. */
  size: number;
  /** Offset of the member's local header. */
  localHeaderOffset: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags: number;
}

/** An opened zip archive: its members, and a way to read one. */
export interface ZipArchive {
  /** Every member, in central-directory order. */
  entries: ZipEntry[];
  /** The member called `name`, or undefined. */
  entry(name: string): ZipEntry | undefined;
  /**
   * The decompressed bytes of a member. Past `limit` bytes (default and at most the archive's
   * `maxDecompressed`) it throws a {@link MemberTooLarge} error.
   */
  read(entry: ZipEntry | string, options?: { limit?: number }): Promise<Uint8Array>;
  /** A member decoded as UTF-8 text (same limit as {@link ZipArchive.read}). */
  readText(entry: ZipEntry | string, options?: { limit?: number }): Promise<string>;
}

/**
 * A member that inflates past the limit it was read with: a user error (`RangeError`) that says
 * which member and which limit, so a reader can leave that one record out and go on.
 */
export class MemberTooLarge extends UserRangeError {
  /** The member's path in the archive. */
  readonly member: string;
  /** The limit, in bytes. */
  readonly limit: number;
  /** A too-large member of `archive`. */
  constructor(archive: string, member: string, limit: number) {
    super(
      `Cannot read zip archive "${archive}": member "${member}" inflates to more than ` +
        `${formatByteSize(limit)}`,
    );
    this.member = member;
    this.limit = limit;
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

/**
 * True when the bytes start like a zip archive (a local header, or the end record of an empty one).
 *
 * @example Tell a zip from JSON
 * ```ts
 * import { looksLikeZip } from "./zip.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(looksLikeZip(new Uint8Array([0x50, 0x4b, 3, 4])), true);
 * assert.equal(looksLikeZip(new TextEncoder().encode("{}")), false);
 * ```
 */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b &&
    ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(v: DataView, at: number): number {
  return Number(v.getBigUint64(at, true));
}

function broken(name: string, why: string): SyntaxError {
  return new UserSyntaxError(`Cannot read zip archive "${name}": ${why}`);
}

async function findDirectory(file: RandomAccessFile): Promise<{ offset: number; count: number }> {
  const tailSize = Math.min(file.size, 22 + 0xffff + 20);
  const tailStart = file.size - tailSize;
  const tail = await file.readAt(tailStart, tailSize);
  const v = view(tail);
  let at = tail.length - 22;
  while (at >= 0 && v.getUint32(at, true) !== EOCD) at--;
  if (at < 0) throw broken(file.name, "no end-of-central-directory record");
  let count = v.getUint16(at + 10, true);
  let offset = v.getUint32(at + 16, true);
  const locator = at - 20;
  if (locator >= 0 && v.getUint32(locator, true) === ZIP64_LOCATOR) {
    const recordOffset = u64(v, locator + 8);
    const record = view(await file.readAt(recordOffset, 56));
    if (record.byteLength < 56 || record.getUint32(0, true) !== ZIP64_EOCD) {
      throw broken(file.name, "the zip64 end record is missing");
    }
    count = u64(record, 32);
    offset = u64(record, 48);
  }
  return { offset, count };
}

function zip64Extra(extra: DataView, entry: ZipEntry, offsetRaw: number): void {
  let at = 0;
  while (at + 4 <= extra.byteLength) {
    const id = extra.getUint16(at, true);
    const len = extra.getUint16(at + 2, true);
    if (id === 0x0001) {
      let p = at + 4;
      if (entry.size === MAX32) {
        entry.size = u64(extra, p);
        p += 8;
      }
      if (entry.compressedSize === MAX32) {
        entry.compressedSize = u64(extra, p);
        p += 8;
      }
      if (offsetRaw === MAX32) entry.localHeaderOffset = u64(extra, p);
      return;
    }
    at += 4 + len;
  }
}

function parseDirectory(bytes: Uint8Array, count: number, name: string): ZipEntry[] {
  const v = view(bytes);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || v.getUint32(at, true) !== CENTRAL) {
      throw broken(name, `central directory entry ${i + 1} is damaged`);
    }
    const nameLen = v.getUint16(at + 28, true);
    const extraLen = v.getUint16(at + 30, true);
    const commentLen = v.getUint16(at + 32, true);
    const offsetRaw = v.getUint32(at + 42, true);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLen)),
      method: v.getUint16(at + 10, true),
      compressedSize: v.getUint32(at + 20, true),
      size: v.getUint32(at + 24, true),
      localHeaderOffset: offsetRaw,
      flags: v.getUint16(at + 8, true),
    };
    const extraStart = at + 46 + nameLen;
    zip64Extra(view(bytes.subarray(extraStart, extraStart + extraLen)), entry, offsetRaw);
    entries.push(entry);
    at = extraStart + extraLen + commentLen;
  }
  return entries;
}

/**
 * Open a zip archive for reading members one at a time (only the directory is read up front).
 *
 * @example Read a member of an archive held in memory
 * ```ts
 * import { openZip } from "./zip.ts";
 * import { zipSync, strToU8 } from "fflate";
 * import assert from "node:assert/strict";
 *
 * const bytes = zipSync({ "header.json": strToU8('{"version": 2}') });
 * const file = { name: "a.eval", size: bytes.length, close() {},
 *   readAt: (o: number, n: number) => Promise.resolve(bytes.subarray(o, o + n)) };
 * const zip = await openZip(file);
 * assert.deepEqual(zip.entries.map((e) => e.name), ["header.json"]);
 * assert.equal(await zip.readText("header.json"), '{"version": 2}');
 * ```
 */
export async function openZip(file: RandomAccessFile): Promise<ZipArchive> {
  const { offset, count } = await findDirectory(file);
  const directory = await file.readAt(offset, file.size - offset);
  const entries = parseDirectory(directory, count, file.name);
  checkLayout(entries, offset, file.name);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const archiveLimit = (file.limits ?? DEFAULT_READ_LIMITS).maxDecompressed;
  let inflated = 0;

  /** The member's stored bytes, streamed from the file in chunks. */
  async function* stored(start: number, size: number): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < size; at += CHUNK) {
      const chunk = await file.readAt(start + at, Math.min(CHUNK, size - at));
      if (chunk.length === 0) return;
      yield chunk;
    }
  }

  /** Decompressed chunks of a member (stored, deflate or zstd). */
  function decompressed(entry: ZipEntry, input: AsyncIterable<Uint8Array>) {
    if (entry.method === 0) return input;
    if (entry.method === 8) return inflateRaw(input);
    if (entry.method === 93) return unzstd(input);
    throw broken(file.name, `member "${entry.name}" uses compression method ${entry.method}`);
  }

  async function read(
    which: ZipEntry | string,
    options: { limit?: number } = {},
  ): Promise<Uint8Array> {
    const entry = typeof which === "string" ? byName.get(which) : which;
    if (!entry) throw broken(file.name, `it has no member "${which}"`);
    if (entry.flags & 1) throw broken(file.name, `member "${entry.name}" is encrypted`);
    const header = await file.readAt(entry.localHeaderOffset, 30);
    const hv = view(header);
    if (header.length < 30 || hv.getUint32(0, true) !== LOCAL) {
      throw broken(file.name, `the local header of "${entry.name}" is damaged`);
    }
    const start = entry.localHeaderOffset + 30 + hv.getUint16(26, true) + hv.getUint16(28, true);
    const limit = Math.min(options.limit ?? archiveLimit, archiveLimit);
    const parts: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of decompressed(entry, stored(start, entry.compressedSize))) {
        size += chunk.length;
        inflated += chunk.length;
        // Counted as it inflates: the header's size is only compared at the end.
        if (size > limit) throw new MemberTooLarge(file.name, entry.name, limit);
        if (inflated > archiveLimit) {
          throw new UserRangeError(
            `Cannot read zip archive "${file.name}": its members inflate to more than ` +
              `${formatByteSize(archiveLimit)} in all, the limit (raise it with ` +
              "--max-decompressed, or the maxDecompressed option)",
          );
        }
        parts.push(chunk);
      }
    } catch (error) {
      if (error instanceof RangeError || error instanceof SyntaxError) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw broken(file.name, `member "${entry.name}" could not be decompressed (${why})`);
    }
    if (size !== entry.size) {
      throw broken(file.name, `member "${entry.name}" has ${size} bytes, ${entry.size} expected`);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  return {
    entries,
    entry: (name) => byName.get(name),
    read,
    async readText(which, options) {
      const bytes = await read(which, options);
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        const label = typeof which === "string" ? which : which.name;
        throw broken(file.name, `member "${label}" is not valid UTF-8 text`);
      }
    },
  };
}

const CHUNK = 1 << 16;

/** A deflate stream (no zlib header) inflated by node:zlib. */
async function* inflateRaw(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const { createInflateRaw } = await import("node:zlib");
  yield* inflateChunks(input, createInflateRaw());
}

/** zstd frames decompressed block by block (each block is at most 128 KiB). */
async function* unzstd(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const { Decompress } = await import("npm:fzstd@0.1.1");
  const out: Uint8Array[] = [];
  const z = new Decompress((chunk) => {
    out.push(chunk);
  });
  for await (const chunk of input) {
    // Small pushes: one push never inflates more than a few blocks at once.
    for (let at = 0; at < chunk.length; at += 1024) {
      z.push(chunk.subarray(at, at + 1024));
      yield* out.splice(0);
    }
  }
  z.push(new Uint8Array(0), true);
  yield* out.splice(0);
}

/**
 * Refuse an archive whose members' data overlap or run past the central directory: a zip bomb
 * makes many members out of one piece of compressed data.
 */
function checkLayout(entries: readonly ZipEntry[], directoryAt: number, name: string): void {
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i];
    // The data starts after a 30-byte header (plus name and extra): it ends no earlier than this.
    const end = e.localHeaderOffset + 30 + e.compressedSize;
    const next = i + 1 < sorted.length ? sorted[i + 1].localHeaderOffset : directoryAt;
    if (end > next) {
      throw broken(
        name,
        i + 1 < sorted.length
          ? `members "${e.name}" and "${sorted[i + 1].name}" overlap (a zip bomb?)`
          : `member "${e.name}" runs into the central directory`,
      );
    }
  }
}
