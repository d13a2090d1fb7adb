// A structural scan of JSON text, chunk by chunk: nesting depth, strings (with escapes), commas,
// colons and line ends, and the keys of the top-level object. It parses no values (JSON.parse
// does, one record at a time); it finds where records start and end, so that a JSON array is read
// element by element with bounded memory, and a file's first value tells JSON lines from a JSON
// document whatever its length.

/** What the scan reports; positions are indexes into the chunk being fed. */
export interface ScanHandler {
  /** `[` or `{` at `at`; `depth` is the depth inside it (1 for the top-level value). */
  open?(char: "[" | "{", at: number, depth: number): void;
  /** `]` or `}` at `at`; `depth` is the depth it closes (1 for the top-level value). */
  close?(char: "]" | "}", at: number, depth: number): void;
  /** `,` at `at`, at `depth`. */
  comma?(at: number, depth: number): void;
  /** A line end outside a string at `depth`, or inside a string (`inString`). */
  newline?(at: number, depth: number, inString: boolean): void;
  /** A key of the top-level object, and `at`, where its value starts (or -1: not yet known). */
  topKey?(key: string): void;
  /** The first character of the top-level object's value for the last key. */
  topValue?(char: string): void;
}

const OUTSIDE = /[[\]{}",:]/g;
const OUTSIDE_NL = /[[\]{}",:\n]/g;
const INSIDE = /["\\]/g;
const INSIDE_NL = /["\\\n]/g;
const VALUE_START = /\S/g;

/** Scans JSON text fed in chunks. */
export class JsonScanner {
  /** Current nesting depth (0 outside the top-level value). */
  depth = 0;
  /** True inside a string. */
  inString = false;
  #escape = false;
  #handler: ScanHandler;
  #outside: RegExp;
  #inside: RegExp;
  // Top-level keys: true when the next string at depth 1 is a key.
  #expectKey = false;
  #key: string[] | null = null;
  #awaitValue = false;

  constructor(handler: ScanHandler, options: { newlines?: boolean } = {}) {
    this.#handler = handler;
    this.#outside = new RegExp(options.newlines ? OUTSIDE_NL : OUTSIDE);
    this.#inside = new RegExp(options.newlines ? INSIDE_NL : INSIDE);
  }

  /** Scan the next chunk. */
  feed(chunk: string): void {
    const h = this.#handler;
    let i = 0;
    if (this.#escape) {
      this.#escape = false;
      i = 1;
    }
    while (i < chunk.length) {
      if (this.#awaitValue) {
        VALUE_START.lastIndex = i;
        const v = VALUE_START.exec(chunk);
        if (!v) return;
        this.#awaitValue = false;
        h.topValue?.(v[0]);
      }
      if (this.inString) {
        const re = this.#inside;
        re.lastIndex = i;
        const m = re.exec(chunk);
        if (!m) {
          this.#keyPart(chunk.slice(i));
          return;
        }
        const c = m[0];
        if (c === "\\") {
          if (m.index + 1 >= chunk.length) {
            this.#keyPart(chunk.slice(i));
            this.#escape = true;
            return;
          }
          this.#keyPart(chunk.slice(i, m.index + 2));
          i = m.index + 2;
          continue;
        }
        if (c === "\n") {
          h.newline?.(m.index, this.depth, true);
          this.#keyPart(chunk.slice(i, m.index + 1));
          i = m.index + 1;
          continue;
        }
        this.#keyPart(chunk.slice(i, m.index));
        this.inString = false;
        if (this.#key !== null) {
          const key = this.#key.join("");
          this.#key = null;
          h.topKey?.(key);
        }
        i = m.index + 1;
        continue;
      }
      const re = this.#outside;
      re.lastIndex = i;
      const m = re.exec(chunk);
      if (!m) return;
      const at = m.index;
      i = at + 1;
      switch (m[0]) {
        case '"':
          this.inString = true;
          if (this.depth === 1 && this.#expectKey) {
            this.#expectKey = false;
            this.#key = [];
          }
          break;
        case "[":
        case "{":
          this.depth++;
          if (this.depth === 1) this.#expectKey = m[0] === "{";
          h.open?.(m[0] as "[" | "{", at, this.depth);
          break;
        case "]":
        case "}":
          h.close?.(m[0] as "]" | "}", at, this.depth);
          this.depth = Math.max(0, this.depth - 1);
          break;
        case ",":
          if (this.depth === 1) this.#expectKey = true;
          h.comma?.(at, this.depth);
          break;
        case ":":
          if (this.depth === 1) this.#awaitValue = true;
          break;
        case "\n":
          h.newline?.(at, this.depth, false);
          break;
      }
    }
  }

  #keyPart(text: string): void {
    // Keys are compared with "rows" only: a long key need not be kept whole.
    if (this.#key !== null && this.#key.length < 4) this.#key.push(text.slice(0, 16));
  }
}
