// TER counted the slow, direct way (every candidate's whole beam table, each cell's move kept as
// the table is filled, word lists sliced and joined), as a check of the fast code's choices:
// which moves a trace takes decides the alignment, hence which shifts are tried.
import assert from "node:assert/strict";
import fc from "fast-check";
import { translationEditRate, translationEditRateOfTokens } from "./_ter_edit_distance.ts";

const SAME = 0;
const CHANGE = 1;
const TAKE_REF = 2; // a reference word with no hypothesis word
const TAKE_HYP = 3; // a hypothesis word with no reference word
const NONE = 4;

/** The beam's table of `hyp` against `ref`: the distance and one cheapest path's moves. */
function table(hyp: string[], ref: string[]): { distance: number; moves: number[] } {
  const n = hyp.length;
  const m = ref.length;
  const ratio = n > 0 ? m / n : 1;
  const beam = 25 < ratio / 2 ? Math.ceil(ratio / 2 + 25) : 25;
  const cost: number[][] = [Array.from({ length: m + 1 }, (_, j) => j)];
  const move: number[][] = [Array.from({ length: m + 1 }, () => TAKE_REF)];
  for (let i = 1; i <= n; i++) {
    const c = Array.from({ length: m + 1 }, () => Infinity);
    const o = Array.from({ length: m + 1 }, () => NONE);
    const centre = Math.floor(i * ratio);
    const from = Math.max(0, centre - beam);
    const to = i === n ? m + 1 : Math.min(m + 1, centre + beam);
    for (let j = from; j < to; j++) {
      if (j === 0) {
        c[0] = cost[i - 1][0] + 1;
        o[0] = TAKE_HYP;
        continue;
      }
      // Tried in this order, each taken only when strictly cheaper than the best so far.
      const tries: [number, number][] = [
        [
          cost[i - 1][j - 1] + (hyp[i - 1] === ref[j - 1] ? 0 : 1),
          hyp[i - 1] === ref[j - 1] ? SAME : CHANGE,
        ],
        [cost[i - 1][j] + 1, TAKE_HYP],
        [c[j - 1] + 1, TAKE_REF],
      ];
      for (const [value, how] of tries) {
        if (value < c[j]) {
          c[j] = value;
          o[j] = how;
        }
      }
    }
    cost.push(c);
    move.push(o);
  }
  const moves: number[] = [];
  for (let i = n, j = m; i > 0 || j > 0;) {
    const how = move[i][j];
    moves.unshift(how);
    if (how === SAME || how === CHANGE) [i, j] = [i - 1, j - 1];
    else if (how === TAKE_REF) j--;
    else if (how === TAKE_HYP) i--;
    else throw new Error("no path");
  }
  return { distance: cost[n][m], moves };
}

function shifted(words: string[], start: number, length: number, target: number): string[] {
  if (target < start) {
    return [
      ...words.slice(0, target),
      ...words.slice(start, start + length),
      ...words.slice(target, start),
      ...words.slice(start + length),
    ];
  }
  if (target > start + length) {
    return [
      ...words.slice(0, start),
      ...words.slice(start + length, target),
      ...words.slice(start, start + length),
      ...words.slice(target),
    ];
  }
  return [
    ...words.slice(0, start),
    ...words.slice(start + length, length + target),
    ...words.slice(start, start + length),
    ...words.slice(length + target),
  ];
}

/** Tercom's greedy search: the best shift of each round while it lowers the distance. */
function textbookTer(hyp: string[], ref: string[]): number {
  if (ref.length === 0) return hyp.length;
  let words = hyp;
  let shifts = 0;
  let checked = 0;
  for (;;) {
    const { distance, moves } = table(words, ref);
    // The alignment read from the reference's side: each reference word's hypothesis position.
    const align: number[] = [];
    const refErr: number[] = [];
    const hypErr: number[] = [];
    let h = -1;
    for (const how of moves) {
      if (how === SAME || how === CHANGE) {
        align.push(++h);
        refErr.push(how);
        hypErr.push(how);
      } else if (how === TAKE_HYP) {
        h++;
        hypErr.push(1);
      } else {
        align.push(h);
        refErr.push(1);
      }
    }
    let best:
      | { gain: number; length: number; start: number; target: number; words: string[] }
      | null = null;
    const n = words.length;
    const m = ref.length;
    search: for (let start = 0; start < n; start++) {
      for (let at = 0; at < m; at++) {
        if (Math.abs(at - start) > 50) continue;
        for (let length = 1; length <= 10; length++) {
          if (words[start + length - 1] !== ref[at + length - 1]) break;
          const wrongHere = hypErr.slice(start, start + length).some((e) => e === 1);
          const wrongThere = refErr.slice(at, at + length).some((e) => e === 1);
          const inside = start <= align[at] && align[at] < start + length;
          if (wrongHere && wrongThere && !inside) {
            let previous = -1;
            for (let offset = -1; offset < length; offset++) {
              const target = at + offset === -1 ? 0 : align[at + offset] + 1;
              if (target === previous) continue;
              previous = target;
              const candidate = shifted(words, start, length, target);
              const gain = distance - table(candidate, ref).distance;
              checked++;
              const wins = best === null || gain > best.gain ||
                (gain === best.gain && (length > best.length ||
                  (length === best.length && (start < best.start ||
                    (start === best.start && target < best.target)))));
              if (wins) best = { gain, length, start, target, words: candidate };
            }
            if (checked >= 1000) break search;
          }
          if (start + length === n || at + length === m) break;
        }
      }
    }
    if (checked >= 1000 || best === null || best.gain <= 0) return shifts + distance;
    shifts++;
    words = best.words;
  }
}

// Few distinct words, so that equal costs (where the order of preference decides the moves)
// and repeated blocks are common; some outside ASCII.
const word = fc.constantFrom("a", "b", "c", "d", "é", "𝒳");
const list = fc.array(word, { maxLength: 30 });
const pairs = fc.oneof(
  fc.tuple(list, list),
  list.map((h) => [h, [...h.slice(4, 12), ...h.slice(0, 4), ...h.slice(12)]]),
  fc.tuple(list, fc.array(word, { maxLength: 3 }), fc.nat()).map(([h, extra, at]) => {
    const i = at % (h.length + 1);
    return [h, [...h.slice(i), ...extra, ...h.slice(0, i)]];
  }),
  // Very unequal lengths (the beam's bounds cut the table).
  fc.tuple(fc.array(word, { minLength: 30, maxLength: 60 }), fc.array(word, { maxLength: 4 })),
  fc.tuple(fc.array(word, { maxLength: 4 }), fc.array(word, { minLength: 30, maxLength: 60 })),
);

Deno.test("TER equals the textbook count (whole tables, moves kept per cell)", () => {
  fc.assert(
    fc.property(pairs, ([h, r]) => {
      const expected = textbookTer(h, r);
      assert.equal(translationEditRate(h, r).edits, expected);
      assert.equal(translationEditRate(h, r, false).edits, expected);
      assert.equal(translationEditRateOfTokens(h.join(" "), r.join(" ")).edits, expected);
    }),
    { numRuns: 1500 },
  );
});

Deno.test("where the beam leaves out cheap paths, TER still equals the textbook count", () => {
  // A reference of 26–64 words and a hypothesis of a few of its words from one end, shuffled
  // (or the other way round): the beam (for such unequal lengths) cuts off the cheapest paths,
  // and blocks worth shifting are there, so candidates must be measured through the beam.
  const ends = fc.tuple(
    fc.integer({ min: 26, max: 64 }),
    fc.integer({ min: 2, max: 14 }),
    fc.boolean(),
    fc.boolean(),
    fc.nat(),
  ).map(([m, n, start, swap, cut]) => {
    const r = Array.from({ length: m }, (_, k) => k % 9 === 8 ? "ü" : `w${k}`);
    const piece = start ? r.slice(0, n) : r.slice(m - n);
    const at = cut % n;
    const h = [...piece.slice(at), ...piece.slice(0, at)];
    return swap ? [r, h] : [h, r];
  });
  fc.assert(
    fc.property(ends, ([h, r]) => {
      const expected = textbookTer(h, r);
      assert.equal(translationEditRate(h, r).edits, expected);
      assert.equal(translationEditRate(h, r, false).edits, expected);
    }),
    { numRuns: 400 },
  );
});
