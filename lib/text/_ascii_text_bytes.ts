// The bytes of the texts read last, for the scanners that read an ASCII text as bytes (SQuAD's,
// ROUGE's, TER's words). Within a row they read the same output and reference one after another,
// and each used to copy the text into a buffer of its own: `encodeInto` costs 60–90 ns a call
// whatever the length, and a short text copied a code unit at a time ~2 ns a character. Here a
// text is copied once and its bytes kept for the next readers.
//
// Four texts are kept, found by `===` (the same string object answers at once). A text that is not
// all ASCII is remembered too, as such. The two texts asked for last are never the one replaced,
// so a caller may hold the bytes of two texts at once (ROUGE compares an output and a reference
// side by side). Callers read `bytes[0…text.length)` and may write the one byte after them (a
// sentinel for their scan), nothing else.

const ENCODER = new TextEncoder();

/** Texts shorter than this are copied a code unit at a time (see the file's comment). */
const SHORT_TEXT = 40;
/** A buffer grown past this for a long text is not kept for the next text. */
const KEPT_BYTES = 1 << 16;
const SLOTS = 4;

const texts: string[] = ["", "", "", ""];
const lengths = new Int32Array(SLOTS);
const buffers: Uint8Array[] = [
  new Uint8Array(256),
  new Uint8Array(256),
  new Uint8Array(256),
  new Uint8Array(256),
];
/** 1 when the slot's text is all ASCII. */
const asciiFlags = new Uint8Array([1, 1, 1, 1]);
/** When each slot was last asked for (the least recent is filled next). */
const used = new Float64Array(SLOTS);
let clock = 0;

/**
 * `text` as bytes, one a character, when every character is ASCII (below 0x80), else undefined.
 * The array has room for one byte after the text, which the caller may set; it is shared and
 * stays valid until two other texts have been asked for, so a caller must not keep it past its
 * own scan (nor change the text's bytes).
 *
 * @example ASCII or not
 * ```ts
 * import { asciiTextBytes } from "./_ascii_text_bytes.ts";
 * import assert from "node:assert/strict";
 *
 * const bytes = asciiTextBytes("Paris")!;
 * assert.deepEqual([...bytes.subarray(0, 5)], [80, 97, 114, 105, 115]);
 * assert.ok(bytes.length > 5);
 * assert.equal(asciiTextBytes("Zürich"), undefined);
 * assert.equal(asciiTextBytes("x".repeat(50) + "é"), undefined);
 * ```
 */
export function asciiTextBytes(text: string): Uint8Array | undefined {
  const n = text.length;
  let slot = 0;
  // Lengths first: two other strings are compared by a call, the same object at once.
  for (; slot < SLOTS; slot++) {
    if (lengths[slot] === n && texts[slot] === text) break;
  }
  if (slot === SLOTS) slot = fill(text);
  used[slot] = ++clock;
  return asciiFlags[slot] === 1 ? buffers[slot] : undefined;
}

/** Copy `text` into the slot asked for least lately (never one of the last two); returns it. */
function fill(text: string): number {
  let slot = 0;
  for (let k = 1; k < SLOTS; k++) {
    if (used[k] < used[slot]) slot = k;
  }
  const n = text.length;
  let bytes = buffers[slot];
  if (bytes.length <= n || bytes.length > KEPT_BYTES) {
    let room = 256;
    while (room <= n) room *= 2;
    bytes = buffers[slot] = new Uint8Array(room);
  }
  texts[slot] = text;
  lengths[slot] = n;
  let ascii: boolean;
  if (n < SHORT_TEXT) {
    let all = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      all |= c;
      bytes[i] = c;
    }
    ascii = all < 0x80;
  } else {
    // Every character is ASCII exactly when the UTF-8 form is one byte a character.
    const done = ENCODER.encodeInto(text, bytes);
    ascii = done.read === n && done.written === n;
  }
  asciiFlags[slot] = ascii ? 1 : 0;
  return slot;
}
