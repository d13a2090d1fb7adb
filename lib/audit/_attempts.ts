// The per-case sums of the each-case-once rate, taken at the end of an audit from the attempts'
// first rows (lib/io/_first_rows.ts: a class's bits kept per attempt) one group at a time,
// instead of a tally object per group × case kept while reading.
import type { FirstRows } from "../io/_first_rows.ts";

/** Class bits kept per attempt. */
export const PASSED = 1;
export const FAILED = 2;
export const ZEROABLE = 4;

/**
 * For every group id, what the each-case-once rate needs from its cases (`cases` distinct case
 * ids in all), summed in the order cases first appear; `zeroed(g)` says whether group g's
 * zeroable failing attempts count as unparsed (then not as failed).
 */
export function* caseSums(
  attempts: FirstRows,
  groupCount: number,
  cases: number,
  zeroed: (group: number) => boolean,
): Generator<[number, CaseSums]> {
  const scan = attempts.scanner(groupCount);
  const sums = new Uint32Array(attempts.size === 0 ? 0 : cases * 3);
  const seen = new Uint32Array(attempts.size === 0 ? 0 : cases);
  for (let g = 0; g < groupCount; g++) {
    const failBits = zeroed(g) ? ZEROABLE : 0;
    let count = 0;
    scan(g, (kase, bits) => {
      const s = kase * 3;
      if (sums[s] === 0) seen[count++] = kase;
      sums[s]++;
      if (bits & PASSED) sums[s + 1]++;
      if ((bits & FAILED) && !(bits & failBits)) sums[s + 2]++;
    });
    const out: CaseSums = {
      cases: count,
      scored: 0,
      rateSum: 0,
      minRepeats: Infinity,
      maxRepeats: -Infinity,
    };
    for (let n = 0; n < count; n++) {
      const s = seen[n] * 3;
      const attempts = sums[s];
      out.minRepeats = Math.min(out.minRepeats, attempts);
      out.maxRepeats = Math.max(out.maxRepeats, attempts);
      const scored = sums[s + 1] + sums[s + 2];
      if (scored > 0) {
        out.rateSum += sums[s + 1] / scored;
        out.scored++;
      }
      sums[s] = sums[s + 1] = sums[s + 2] = 0;
    }
    yield [g, out];
  }
}

/** What a group's cases give the each-case-once rate. */
export interface CaseSums {
  /** Cases with an attempt in the group. */
  cases: number;
  /** Cases with a scored attempt. */
  scored: number;
  /** The sum over scored cases of their pass rate (in the order the cases first appear). */
  rateSum: number;
  minRepeats: number;
  maxRepeats: number;
}
