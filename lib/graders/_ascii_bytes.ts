// Copying a text that may be ASCII into a byte buffer, for the graders that scan bytes.

/**
 * Texts shorter than this are copied a code unit at a time: a call of `encodeInto` costs 60–90 ns
 * whatever the length, one code unit ~2 ns.
 */
export const SHORT_TEXT = 40;

const ENCODER = new TextEncoder();

/**
 * Write `text` into `into` as bytes, one a character, and say whether every character is ASCII
 * (below 0x80). When one is not, `into` holds part of the text or garbage and the answer is
 * false. `into` must have room for `text.length` bytes.
 *
 * @example ASCII or not
 * ```ts
 * import { asciiBytesInto } from "./_ascii_bytes.ts";
 * import assert from "node:assert/strict";
 *
 * const into = new Uint8Array(64);
 * assert.equal(asciiBytesInto("Paris", into), true);
 * assert.deepEqual([...into.subarray(0, 5)], [80, 97, 114, 105, 115]);
 * assert.equal(asciiBytesInto("Zürich", into), false);
 * assert.equal(asciiBytesInto("x".repeat(50) + "é", into), false);
 * ```
 */
export function asciiBytesInto(text: string, into: Uint8Array): boolean {
  const n = text.length;
  if (n < SHORT_TEXT) {
    let all = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      all |= c;
      into[i] = c;
    }
    return all < 0x80;
  }
  // Every character is ASCII exactly when the UTF-8 form is one byte a character.
  const done = ENCODER.encodeInto(text, into);
  return done.read === n && done.written === n;
}
