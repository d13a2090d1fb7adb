// Translation edit rate as sacreBLEU's Tercom re-implementation computes it (`lib_ter.py`): a
// beam-limited word-level Levenshtein distance, plus block shifts tried greedily while one lowers
// the distance. The shift heuristics (which shifts are tried and how ties are broken) follow
// Tercom's, so the edit counts match sacreBLEU's exactly.

const COST = 1;
/** Longest block of words moved in one shift. */
const MAX_SHIFT_SIZE = 10;
/** Largest distance between a block's place in the hypothesis and its match in the reference. */
const MAX_SHIFT_DIST = 50;
const BEAM_WIDTH = 25;
/** Rows kept in the prefix cache of one reference. */
const MAX_CACHE_SIZE = 10000;
/** Shift candidates evaluated per segment before giving up on further shifts. */
const MAX_SHIFT_CANDIDATES = 1000;

// Edit operations, as rewriting the hypothesis into the reference.
const NOP = 0;
const SUB = 1;
const INS = 2; // consumes a reference word
const DEL = 3; // consumes a hypothesis word
const UNDEF = 4;

/** One row of the distance matrix: the cost and the last operation of each cell. */
interface Row {
  cost: Float64Array;
  op: Uint8Array;
}

interface CacheNode {
  next: Map<string, CacheNode>;
  row: Row;
}

/**
 * Edit distance between a fixed reference and hypotheses of one length, with the rows of each
 * hypothesis prefix cached (shifted hypotheses share prefixes), and the trace of operations.
 */
class BeamEditDistance {
  readonly #ref: readonly string[];
  readonly #initial: Row;
  readonly #cache = new Map<string, CacheNode>();
  #cacheSize = 0;

  constructor(ref: readonly string[]) {
    this.#ref = ref;
    const width = ref.length + 1;
    this.#initial = { cost: new Float64Array(width), op: new Uint8Array(width).fill(INS) };
    for (let j = 0; j < width; j++) this.#initial.cost[j] = j * COST;
  }

  /** The distance from `hyp` to the reference and its trace, one operation per step. */
  distance(hyp: readonly string[]): { distance: number; trace: number[] } {
    const rows: Row[] = [this.#initial];
    let node: Map<string, CacheNode> = this.#cache;
    for (const word of hyp) {
      const hit = node.get(word);
      if (hit === undefined) break;
      rows.push(hit.row);
      node = hit.next;
    }
    const start = rows.length - 1;
    const n = hyp.length;
    const m = this.#ref.length;
    for (let i = start + 1; i <= n; i++) {
      rows.push({
        cost: new Float64Array(m + 1).fill(Infinity),
        op: new Uint8Array(m + 1).fill(UNDEF),
      });
    }
    const ratio = n > 0 ? m / n : 1;
    // For very unequal lengths the beam widens so that neighbouring rows still overlap.
    const beam = BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    for (let i = start + 1; i <= n; i++) {
      const diagonal = Math.floor(i * ratio);
      const low = Math.max(0, diagonal - beam);
      const high = i === n ? m + 1 : Math.min(m + 1, diagonal + beam);
      const above = rows[i - 1];
      const row = rows[i];
      for (let j = low; j < high; j++) {
        if (j === 0) {
          row.cost[0] = above.cost[0] + COST;
          row.op[0] = DEL;
          continue;
        }
        const same = hyp[i - 1] === this.#ref[j - 1];
        // Preference on equal cost: no-op or substitution, then deletion, then insertion.
        const options: [number, number][] = [
          [above.cost[j - 1] + (same ? 0 : COST), same ? NOP : SUB],
          [above.cost[j] + COST, DEL],
          [row.cost[j - 1] + COST, INS],
        ];
        for (const [cost, op] of options) {
          if (row.cost[j] > cost) {
            row.cost[j] = cost;
            row.op[j] = op;
          }
        }
      }
    }
    this.#remember(hyp, rows, start);
    const trace: number[] = [];
    for (let i = n, j = m; i > 0 || j > 0;) {
      const op = rows[i].op[j];
      trace.push(op);
      if (op === NOP || op === SUB) {
        i--;
        j--;
      } else if (op === INS) j--;
      else if (op === DEL) i--;
      else throw new Error(`TER: no path through the edit distance matrix at (${i}, ${j})`);
    }
    return { distance: rows[n].cost[m], trace: trace.reverse() };
  }

  #remember(hyp: readonly string[], rows: readonly Row[], start: number): void {
    if (this.#cacheSize >= MAX_CACHE_SIZE) return;
    let node = this.#cache;
    for (let i = 0; i < start; i++) node = node.get(hyp[i])!.next;
    for (let i = start; i < hyp.length; i++) {
      let entry = node.get(hyp[i]);
      if (entry === undefined) {
        entry = { next: new Map(), row: rows[i + 1] };
        node.set(hyp[i], entry);
        this.#cacheSize++;
      }
      node = entry.next;
    }
  }
}

/**
 * From a trace (hypothesis → reference), read as reference → hypothesis: for each reference
 * position the hypothesis position aligned with it, and which words of each side are in error.
 */
function alignment(trace: readonly number[]) {
  const align: number[] = [];
  const refErr: number[] = [];
  const hypErr: number[] = [];
  let h = -1;
  for (const op of trace) {
    if (op === NOP || op === SUB) {
      h++;
      align.push(h);
      hypErr.push(op === SUB ? 1 : 0);
      refErr.push(op === SUB ? 1 : 0);
    } else if (op === DEL) {
      // A hypothesis word with no reference word: an insertion when read the other way round.
      h++;
      hypErr.push(1);
    } else {
      align.push(h);
      refErr.push(1);
    }
  }
  return { align, refErr, hypErr };
}

function sum(values: readonly number[], from: number, length: number): number {
  let total = 0;
  for (let i = from; i < Math.min(values.length, from + length); i++) total += values[i];
  return total;
}

/** Move `words[start, start + length)` to before position `target` (of the original list). */
function shifted(words: readonly string[], start: number, length: number, target: number) {
  const block = words.slice(start, start + length);
  if (target < start) {
    return [
      ...words.slice(0, target),
      ...block,
      ...words.slice(target, start),
      ...words.slice(start + length),
    ];
  }
  if (target > start + length) {
    return [
      ...words.slice(0, start),
      ...words.slice(start + length, target),
      ...block,
      ...words.slice(target),
    ];
  }
  return [
    ...words.slice(0, start),
    ...words.slice(start + length, length + target),
    ...block,
    ...words.slice(length + target),
  ];
}

/** A shift candidate, ranked as Tercom ranks them. */
interface Candidate {
  gain: number;
  length: number;
  start: number;
  target: number;
  words: string[];
}

/** Tercom's order: larger gain, then longer block, then earlier block, then earlier target. */
function better(a: Candidate, b: Candidate): boolean {
  if (a.gain !== b.gain) return a.gain > b.gain;
  if (a.length !== b.length) return a.length > b.length;
  if (a.start !== b.start) return a.start < b.start;
  return a.target < b.target;
}

/** The best single shift of `hyp` (or none) and how many candidates were evaluated in all. */
function bestShift(
  hyp: readonly string[],
  ref: readonly string[],
  ed: BeamEditDistance,
  checked: number,
): { best: Candidate | undefined; checked: number } {
  const before = ed.distance(hyp);
  const { align, refErr, hypErr } = alignment(before.trace);
  let best: Candidate | undefined;
  scan: for (let start = 0; start < hyp.length; start++) {
    for (let refStart = 0; refStart < ref.length; refStart++) {
      if (Math.abs(refStart - start) > MAX_SHIFT_DIST) continue;
      for (let length = 1; length <= MAX_SHIFT_SIZE; length++) {
        if (hyp[start + length - 1] !== ref[refStart + length - 1]) break;
        // Only blocks that are wrong where they are and match where they would go, and never
        // within themselves.
        const useful = sum(hypErr, start, length) > 0 && sum(refErr, refStart, length) > 0 &&
          !(start <= align[refStart] && align[refStart] < start + length);
        if (useful) {
          let previous = -1;
          for (let offset = -1; offset < length; offset++) {
            const target = refStart + offset === -1 ? 0 : align[refStart + offset] + 1;
            if (target === previous) continue;
            previous = target;
            const words = shifted(hyp, start, length, target);
            const gain = before.distance - ed.distance(words).distance;
            const candidate = { gain, length, start, target, words };
            checked++;
            if (best === undefined || better(candidate, best)) best = candidate;
          }
          if (checked >= MAX_SHIFT_CANDIDATES) break scan;
        }
        if (start + length === hyp.length || refStart + length === ref.length) break;
      }
    }
  }
  return { best, checked };
}

/**
 * The number of edits (insertions, deletions, substitutions and block shifts, each costing 1)
 * that turn `hyp` into `ref`, and the reference length, as sacreBLEU's
 * `translation_edit_rate` gives them. An empty reference takes one edit per hypothesis word.
 */
export function translationEditRate(
  hyp: readonly string[],
  ref: readonly string[],
): { edits: number; refLength: number } {
  if (ref.length === 0) return { edits: hyp.length, refLength: 0 };
  const ed = new BeamEditDistance(ref);
  let words = hyp;
  let shifts = 0;
  let checked = 0;
  for (;;) {
    const found = bestShift(words, ref, ed, checked);
    checked = found.checked;
    if (checked >= MAX_SHIFT_CANDIDATES) break;
    if (found.best === undefined || found.best.gain <= 0) break;
    shifts++;
    words = found.best.words;
  }
  return { edits: shifts + ed.distance(words).distance, refLength: ref.length };
}
