// Degeneration: the longest stretch of an answer in which one block of tokens repeats back to
// back. Tokens are words, or characters for text written without spaces (Chinese, Japanese).

/** The longest back-to-back repetition found. */
export interface Repetition {
  /** The repeated block, as text. */
  block: string;
  /** Times it appears in a row. */
  copies: number;
  /** Tokens the stretch covers. */
  tokens: number;
  /** Tokens of the whole answer (as far as it was read). */
  total: number;
}

const MAX_PERIOD = 50;
const MAX_TOKENS = 20_000;

function tokensOf(text: string): { tokens: string[]; joiner: string } {
  const words = text.split(/\s+/).filter(Boolean);
  // Few spaces for many characters: a text without word spaces, read by characters.
  if (words.length * 8 < text.length && text.length >= 40) {
    const chars = [...text.replace(/\s+/g, "")];
    if (words.length * 8 < chars.length) return { tokens: chars.slice(0, MAX_TOKENS), joiner: "" };
  }
  return { tokens: words.slice(0, MAX_TOKENS), joiner: " " };
}

/** Each token as a small number (equal tokens, equal numbers), so comparing is cheap. */
function ids(tokens: readonly string[]): Int32Array {
  const seen = new Map<string, number>();
  const out = new Int32Array(tokens.length);
  tokens.forEach((t, i) => {
    let id = seen.get(t);
    if (id === undefined) seen.set(t, id = seen.size);
    out[i] = id;
  });
  return out;
}

/** The longest back-to-back repetition of a block of 1–50 tokens, or null when none repeats. */
export function longestRepetition(text: string): Repetition | null {
  const { tokens, joiner } = tokensOf(text);
  const id = ids(tokens);
  let best: Repetition | null = null;
  for (let period = 1; period <= MAX_PERIOD && period * 2 <= tokens.length; period++) {
    let run = 0;
    for (let i = period; i <= tokens.length; i++) {
      if (i < id.length && id[i] === id[i - period]) {
        run++;
        continue;
      }
      const covered = run + period;
      const copies = Math.floor(covered / period);
      if (copies >= 2 && (!best || covered > best.tokens)) {
        const start = i - covered;
        best = {
          block: tokens.slice(start, start + period).join(joiner),
          copies,
          tokens: covered,
          total: tokens.length,
        };
      }
      run = 0;
    }
  }
  return best;
}

/**
 * A quick test that rules out degeneration in most answers: a stretch of L tokens made of one
 * block of p ≤ L/3 tokens has at most p + 3 distinct 4-grams, so an answer of n tokens that holds
 * one (L ≥ 20 and L ≥ 0.3 n) has at most n − 2L/3 + 3 distinct 4-grams out of n − 3.
 */
function mayLoop(text: string): boolean {
  const { tokens } = tokensOf(text);
  const n = tokens.length;
  if (n < 20) return false;
  const id = ids(tokens);
  // Hashed 4-grams: a collision only makes the answer look more repetitive (then it is scanned).
  const grams = new Set<number>();
  for (let i = 0; i + 3 < n; i++) {
    let h = id[i];
    for (let j = 1; j < 4; j++) h = (Math.imul(h, 0x9e3779b1) ^ id[i + j]) | 0;
    grams.add(h);
  }
  const longest = Math.max(20, 0.3 * n);
  return grams.size <= n - (2 * longest) / 3 + 3;
}

/**
 * A repetition that counts as degeneration: a block back to back at least 3 times, covering at
 * least 20 tokens and at least 30% of the answer. Lists and tables rarely meet all three.
 */
export function degenerate(text: string): Repetition | null {
  if (!mayLoop(text)) return null;
  const r = longestRepetition(text);
  if (!r || r.copies < 3 || r.tokens < 20 || r.tokens < 0.3 * r.total) return null;
  return r;
}
