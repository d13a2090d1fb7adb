/**
 * JSON with the bare `NaN`, `Infinity` and `-Infinity` tokens that Python's `json.dumps` writes by
 * default (lm-evaluation-harness, Inspect AI). Strict JSON is handed to `JSON.parse` unchanged; only
 * when those tokens appear outside strings are they rewritten into placeholder strings, parsed by
 * `JSON.parse`, and turned back into numbers. Nothing else is accepted that strict JSON rejects.
 *
 * @module
 */

const TOKENS = ["-Infinity", "Infinity", "NaN"] as const;
const VALUES: Record<string, number> = {
  "-Infinity": -Infinity,
  "Infinity": Infinity,
  "NaN": NaN,
};

/**
 * Rewrites bare non-finite tokens outside JSON strings into placeholder strings, chunk by chunk.
 * A token split across two chunks is held back until the next chunk arrives.
 *
 * @example Rewrite a stream of chunks
 * ```ts
 * import { NonFiniteRewriter } from "./nonfinite_json.ts";
 * import assert from "node:assert/strict";
 *
 * const r = new NonFiniteRewriter("@");
 * const text = r.push('{"a": Na') + r.push('N, "b": "NaN"}') + r.flush();
 * assert.equal(text, '{"a": "@NaN", "b": "NaN"}');
 * ```
 */
export class NonFiniteRewriter {
  #marker: string;
  #inString = false;
  #escape = false;
  #pending = "";
  /** True once any token has been rewritten. */
  rewrote = false;

  /**
   * Make a rewriter.
   *
   * @param marker the placeholder prefix; the placeholder is `"<marker><token>"`.
   */
  constructor(marker: string) {
    this.#marker = marker;
  }

  /** Feed the next chunk; returns the rewritten text that is safe to emit now. */
  push(chunk: string): string {
    const text = this.#pending + chunk;
    this.#pending = "";
    let out = "";
    let start = 0;
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (c === "\\") this.#escape = true;
        else if (c === '"') this.#inString = false;
        i++;
        continue;
      }
      if (c === '"') {
        this.#inString = true;
        i++;
        continue;
      }
      if (c === "N" || c === "I" || c === "-") {
        const rest = text.slice(i, i + 9);
        const token = TOKENS.find((t) => rest.startsWith(t));
        if (token) {
          out += text.slice(start, i) + `"${this.#marker}${token}"`;
          i += token.length;
          start = i;
          this.rewrote = true;
          continue;
        }
        // A possible token cut off by the end of the chunk: hold it back.
        if (TOKENS.some((t) => t.startsWith(rest)) && i + rest.length === text.length) {
          out += text.slice(start, i);
          this.#pending = text.slice(i);
          return out;
        }
      }
      i++;
    }
    return out + text.slice(start);
  }

  /** Emit whatever is held back at the end of input. */
  flush(): string {
    const rest = this.#pending;
    this.#pending = "";
    return rest;
  }
}

/** A placeholder prefix that does not occur in `text`. */
export function markerFor(text: string): string {
  let marker = "~verdict-nonfinite~";
  while (text.includes(marker)) marker += "~";
  return marker;
}

/**
 * Turn placeholder strings made by {@link NonFiniteRewriter} back into numbers, in place where
 * possible. Returns the restored value.
 */
export function restoreNonFinite(value: unknown, marker: string): unknown {
  const restore = (v: unknown): unknown => {
    if (typeof v !== "string" || !v.startsWith(marker)) return v;
    const token = v.slice(marker.length);
    return Object.hasOwn(VALUES, token) ? VALUES[token] : v;
  };
  // An explicit stack instead of recursion: a deeply nested value cannot overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) {
      for (let i = 0; i < next.length; i++) {
        next[i] = restore(next[i]);
        if (typeof next[i] === "object" && next[i] !== null) stack.push(next[i]);
      }
    } else if (next !== null && typeof next === "object") {
      const obj = next as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        const v = obj[key];
        const restored = restore(v);
        // defineProperty, not assignment: a key "__proto__" must stay a key.
        if (restored !== v) {
          Object.defineProperty(obj, key, {
            value: restored,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else if (typeof v === "object" && v !== null) stack.push(v);
      }
    }
  }
  return restore(value);
}

/**
 * A reviver that keeps an integer literal beyond what a double holds exactly (past 2^53) as the
 * text of its digits, so ids such as `9007199254740993` keep every digit instead of rounding.
 */
function keepDigits(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source !== undefined &&
    /^-?\d+$/.test(context.source)
  ) {
    return context.source;
  }
  return value;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Whether a parsed value holds a number past ±(2^53 − 1) (±Infinity included). Only such a
 * number can come from an integer literal that {@link keepDigits} keeps as text: an integer
 * literal's value is an integer, and a double that is an integer but not a safe one lies past
 * that bound. A walk of the value's nodes, not of its text: cheaper than any scan of the text
 * for long strings.
 */
function holdsUnsafeNumber(value: unknown): boolean {
  if (typeof value !== "object" || value === null) {
    return typeof value === "number" && (value > MAX_SAFE || value < -MAX_SAFE);
  }
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const items: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (let i = 0; i < items.length; i++) {
      const v = items[i];
      if (typeof v === "number") {
        if (v > MAX_SAFE || v < -MAX_SAFE) return true;
      } else if (typeof v === "object" && v !== null) stack.push(v);
    }
  }
  return false;
}

/**
 * `JSON.parse(text, keepDigits)`, with the reviver's walk only when it can change something: the
 * plain parse is kept unless it holds a number {@link keepDigits} might replace, and then the
 * text is parsed again with the reviver.
 */
function parseStrict(text: string): unknown {
  const value = JSON.parse(text);
  // deno-lint-ignore no-explicit-any
  return holdsUnsafeNumber(value) ? JSON.parse(text, keepDigits as any) : value;
}

/**
 * Parse JSON text that may carry bare `NaN`, `Infinity` or `-Infinity` tokens (as Python writes
 * them). Those become the numbers `NaN`, `Infinity` and `-Infinity`; an integer literal beyond
 * 2^53 (which a number cannot hold exactly) is kept as the text of its digits; everything else
 * follows `JSON.parse`, including its `SyntaxError` for text that is not JSON.
 *
 * @example Read a line written by lm-evaluation-harness
 * ```ts
 * import { parseJson } from "./nonfinite_json.ts";
 * import assert from "node:assert/strict";
 *
 * const row = parseJson('{"doc_id": 3, "mae": Infinity, "stderr": NaN, "note": "NaN"}') as Record<string, unknown>;
 * assert.equal(row.mae, Infinity);
 * assert.ok(Number.isNaN(row.stderr));
 * assert.equal(row.note, "NaN");
 * assert.deepEqual(parseJson('{"id": 9007199254740993, "n": 2.5}'), { id: "9007199254740993", n: 2.5 });
 * ```
 */
export function parseJson(text: string): unknown {
  try {
    return parseStrict(text);
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
    const marker = markerFor(text);
    const rewriter = new NonFiniteRewriter(marker);
    const rewritten = rewriter.push(text) + rewriter.flush();
    if (!rewriter.rewrote) throw error;
    return restoreNonFinite(parseStrict(rewritten), marker);
  }
}
