/**
 * The limits that keep reading bounded whatever a file holds: how much a compressed stream may
 * inflate to, how large one record may be, and how deeply a JSON value may nest.
 *
 * @module
 */
import { UserRangeError } from "../errors/mod.ts";

/**
 * How many records are read before the column mapping is settled. For JSON formats the columns
 * are those seen in these records; a mapped column first seen later is refused.
 */
export const MAPPING_LOOKAHEAD = 200;

/** Limits on what one file may make verdict hold in memory. */
export interface ReadLimits {
  /**
   * Bytes a compressed file may inflate to: a gzip file (all its members together), or a zip
   * archive's members together. Checked while inflating, never trusted from a header; past it the
   * file cannot be read (an error naming the file and the limit). Default 1 GiB.
   */
  maxDecompressed?: number;
  /**
   * Characters one record may hold (a CSV record, a JSON line, an element of a JSON array, one
   * sample of an Inspect log). A larger record is left out as `too-large` without being built.
   * Default 64 Mi characters.
   */
  maxRecordSize?: number;
  /**
   * Levels of `[`/`{` nesting a JSON record may have. A deeper record is left out as
   * `unreadable`, with this reason in its message. Default 1,000.
   */
  maxDepth?: number;
}

/**
 * The documented defaults: 1 GiB inflated per stream or member, 64 Mi characters per record,
 * 1,000 levels of nesting.
 *
 * @example The defaults
 * ```ts
 * import { DEFAULT_READ_LIMITS } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(DEFAULT_READ_LIMITS.maxDecompressed, 2 ** 30);
 * assert.equal(DEFAULT_READ_LIMITS.maxRecordSize, 64 * 2 ** 20);
 * assert.equal(DEFAULT_READ_LIMITS.maxDepth, 1000);
 * ```
 */
export const DEFAULT_READ_LIMITS: Readonly<Required<ReadLimits>> = Object.freeze({
  maxDecompressed: 2 ** 30,
  maxRecordSize: 64 * 2 ** 20,
  maxDepth: 1000,
});

/**
 * Fill in the defaults and check the values: each limit must be a whole number of at least 1.
 *
 * @example Raise one limit, keep the others
 * ```ts
 * import { resolveReadLimits } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const limits = resolveReadLimits({ maxDecompressed: 4 * 2 ** 30 });
 * assert.equal(limits.maxDecompressed, 4 * 2 ** 30);
 * assert.equal(limits.maxDepth, 1000);
 * assert.throws(() => resolveReadLimits({ maxDepth: 0 }), RangeError);
 * ```
 */
export function resolveReadLimits(limits: ReadLimits = {}): Required<ReadLimits> {
  const out = { ...DEFAULT_READ_LIMITS };
  for (const key of Object.keys(DEFAULT_READ_LIMITS) as (keyof ReadLimits)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
      throw new UserRangeError(
        `${key} must be a whole number of at least 1, got ${JSON.stringify(value)}`,
      );
    }
    out[key] = value;
  }
  return out;
}

const UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  m: 1e6,
  mb: 1e6,
  g: 1e9,
  gb: 1e9,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
};

/**
 * Read a size written for people (`500MB`, `2GiB`, `1.5g`, `1048576`) as a number of bytes;
 * `null` when it is not one.
 *
 * @example Sizes in both unit systems
 * ```ts
 * import { parseByteSize } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(parseByteSize("2GiB"), 2 * 2 ** 30);
 * assert.equal(parseByteSize("500 MB"), 500e6);
 * assert.equal(parseByteSize("lots"), null);
 * ```
 */
export function parseByteSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return null;
  const unit = m[2].toLowerCase();
  if (!Object.hasOwn(UNITS, unit)) return null;
  const bytes = Math.round(Number(m[1]) * UNITS[unit]);
  return Number.isSafeInteger(bytes) && bytes >= 1 ? bytes : null;
}

/**
 * A size for messages: `1 GiB`, `64 MiB`, `512 KiB`, `300 bytes`.
 *
 * @example Sizes for messages
 * ```ts
 * import { formatByteSize } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(formatByteSize(2 ** 30), "1 GiB");
 * assert.equal(formatByteSize(1536), "1.5 KiB");
 * ```
 */
export function formatByteSize(bytes: number): string {
  const units: [string, number][] = [["GiB", 2 ** 30], ["MiB", 2 ** 20], ["KiB", 2 ** 10]];
  for (const [unit, size] of units) {
    if (bytes >= size) {
      const n = bytes / size;
      return `${Number.isInteger(n) ? n : n.toFixed(1).replace(/\.0$/, "")} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}
