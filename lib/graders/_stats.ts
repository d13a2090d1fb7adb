// Helpers shared by the metric files.
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

/** Element-wise sum of equal-length statistic rows. */
export function sumRows(rows: readonly (readonly number[])[], width: number): number[] {
  const total = new Array<number>(width).fill(0);
  for (const row of rows) {
    if (row.length !== width) {
      throw new UserTypeError(
        `Cannot add statistics: expected ${width} numbers, got ${row.length}`,
      );
    }
    for (let i = 0; i < width; i++) total[i] += row[i];
  }
  return total;
}

/** Throw a RangeError unless there is at least one reference. */
export function requireReferences(fn: string, references: readonly unknown[]): void {
  if (references.length === 0) {
    throw new UserRangeError(`${fn} needs at least one reference, got none`);
  }
}

/** Throw unless hypotheses and per-segment references line up and are not empty. */
export function requireCorpus(
  fn: string,
  hypotheses: readonly string[],
  references: readonly (readonly string[])[],
): void {
  if (hypotheses.length !== references.length) {
    throw new UserRangeError(
      `${fn} needs one reference list per hypothesis: got ${hypotheses.length} hypotheses and ${references.length} reference lists`,
    );
  }
  if (hypotheses.length === 0) {
    throw new UserRangeError(`${fn} needs at least one segment, got none`);
  }
  references.forEach((refs, i) => {
    if (refs.length === 0) {
      throw new UserRangeError(
        `${fn} needs at least one reference per segment; segment ${i} has none`,
      );
    }
  });
}

/**
 * True for options that leave every setting at its default: none, or an object with no own
 * settings (what `resolveOptions` reads), so that callers may use defaults resolved once.
 */
export function isEmptyOptions(options: unknown): boolean {
  if (options === undefined || options === null) return true;
  return typeof options === "object" && !Array.isArray(options) &&
    Object.keys(options).length === 0;
}
