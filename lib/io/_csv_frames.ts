// Cutting CSV/TSV text into records before papaparse parses them. Only where a record starts and
// ends is decided here (line ends of any kind outside quotes; quotes as papaparse reads them: one
// opens a field only at its start, `""` is a quote inside, and one closes only before the
// delimiter or the line end); papaparse reads the fields. Deciding this first lets a quote that
// is never closed be reported with the line it opened on while reading goes on from the next
// line, instead of swallowing the rest of the file into one field, and keeps time linear and
// memory bounded by the largest record however a file is laid out.
import type { ReadLimits } from "./limits.ts";

/** What the framer finds, in order. */
export type CsvFrame =
  | { kind: "header"; text: string; line: number }
  | {
    kind: "record";
    text: string;
    line: number;
    lastLine: number;
    /** Each line after the first reads as a record of its own: a quote may have been left open. */
    mergedLines?: boolean;
  }
  | { kind: "too-large"; size: number; line: number; lastLine: number }
  | {
    kind: "unclosed";
    /** The line the quote opened on (the record's first line). */
    line: number;
    /** Why it is taken for an unclosed quote. */
    why: string;
    /**
     * When set, the lines after `line` up to this one were too large to read again: they are
     * lost with it.
     */
    lost?: number;
    /** Reading goes on from the line after `line`. */
    resumes: boolean;
  }
  | { kind: "end"; lineEnd: boolean };

/** Quote state within a record, carried across the segments of a line and across lines. */
interface QuoteState {
  inQuotes: boolean;
  atFieldStart: boolean;
  /** In quotes, a `"` ended the last segment: the next character decides what it was. */
  quotePending: boolean;
  /** In quotes, a `"` followed by white space only so far: it closes if a delimiter follows. */
  closeCheck: boolean;
  /** Delimiters outside quotes so far (fields − 1). */
  delims: number;
}

const fresh = (): QuoteState => ({
  inQuotes: false,
  atFieldStart: true,
  quotePending: false,
  closeCheck: false,
  delims: 0,
});

const isBlank = (c: string, delim: string) => c !== delim && (c === " " || c === "\t");

/** Skip spaces (not the delimiter) from `i`; the index of the first other character. */
function skipBlanks(seg: string, i: number, delim: string): number {
  while (i < seg.length && isBlank(seg[i], delim)) i++;
  return i;
}

/** Advance the quote state over one segment of a line (a line may come in several). */
function scanSegment(seg: string, st: QuoteState, delim: string): void {
  let i = 0;
  if (st.quotePending) {
    st.quotePending = false;
    if (seg[0] === '"') i = 1; // `""`: a quote inside the field
    else st.closeCheck = true;
  }
  if (st.closeCheck) {
    const j = skipBlanks(seg, i, delim);
    if (j === seg.length) return;
    st.closeCheck = false;
    if (seg.startsWith(delim, j)) {
      st.inQuotes = false;
      i = j;
    } else i = Math.max(i, 0);
  }
  while (i < seg.length) {
    if (st.inQuotes) {
      const q = seg.indexOf('"', i);
      if (q < 0) return;
      if (q === seg.length - 1) {
        st.quotePending = true;
        return;
      }
      if (seg[q + 1] === '"') {
        i = q + 2;
        continue;
      }
      const j = skipBlanks(seg, q + 1, delim);
      if (j === seg.length) {
        st.closeCheck = true;
        return;
      }
      if (seg.startsWith(delim, j)) {
        st.inQuotes = false;
        i = j;
      } else i = q + 1;
      continue;
    }
    if (st.atFieldStart && seg[i] === '"') {
      st.inQuotes = true;
      st.atFieldStart = false;
      i++;
      continue;
    }
    const d = seg.indexOf(delim, i);
    if (d < 0) {
      st.atFieldStart = false;
      return;
    }
    st.delims++;
    i = d + delim.length;
    st.atFieldStart = true;
  }
}

/** At a line end: a `"` pending a decision closes (a line end follows it). */
function endLine(st: QuoteState): void {
  if (st.quotePending || st.closeCheck) st.inQuotes = false;
  st.quotePending = false;
  st.closeCheck = false;
}

/** Fields of a line read as a record on its own; -1 when a quote stays open at its end. */
function fieldsAlone(text: string, delim: string): number {
  const st = fresh();
  scanSegment(text, st, delim);
  endLine(st);
  return st.inQuotes ? -1 : st.delims + 1;
}

/** One physical line: its number, its text (null once too large to keep) and its line end. */
interface Line {
  no: number;
  text: string | null;
  size: number;
  end: string;
}

/**
 * Physical lines of text chunks: `\r\n`, `\n` and a lone `\r` all end a line. Each piece of a
 * line is given to `scan` as it arrives, so a line too long to keep is still scanned. Lines are
 * taken one at a time, synchronously ({@link PhysicalLines.next}), from the chunk last fed: a
 * piece is scanned only when the line it belongs to is taken, whatever the quote state is then.
 */
class PhysicalLines {
  readonly #keepUpTo: number;
  readonly #scan: (piece: string) => void;
  #parts: string[] = [];
  #size = 0;
  #no: number;
  #pendingCR = false;
  readonly #ends = /\r\n|\r|\n/g;
  /** The chunk being split (undefined once used up), where its next line starts, whether new. */
  #chunk: string | undefined;
  #i = 0;
  #fresh = false;
  #ended = false;
  #finished = false;

  constructor(keepUpTo: number, firstLine: number, scan: (piece: string) => void) {
    this.#keepUpTo = keepUpTo;
    this.#no = firstLine;
    this.#scan = scan;
  }

  #take(end: string): Line {
    const parts = this.#parts;
    const size = this.#size;
    const text = size <= this.#keepUpTo ? (parts.length === 1 ? parts[0] : parts.join("")) : null;
    const line = { no: this.#no++, text, size, end };
    this.#parts = [];
    this.#size = 0;
    return line;
  }

  #add(piece: string): void {
    if (piece === "") return;
    this.#scan(piece);
    this.#size += piece.length;
    if (this.#size <= this.#keepUpTo) this.#parts.push(piece);
    else this.#parts = [];
  }

  /** The next chunk of text; call once {@link next} has returned null. */
  feed(chunk: string): void {
    this.#chunk = chunk;
    this.#i = 0;
    this.#fresh = true;
  }

  /** The text has ended; call once {@link next} has returned null. */
  end(): void {
    this.#ended = true;
  }

  /** The next line; null when more text is needed first, undefined after the last line. */
  next(): Line | null | undefined {
    const chunk = this.#chunk;
    if (chunk !== undefined) {
      if (this.#fresh) {
        this.#fresh = false;
        if (this.#pendingCR) {
          this.#pendingCR = false;
          const crlf = chunk[0] === "\n";
          this.#i = crlf ? 1 : 0;
          this.#ends.lastIndex = this.#i;
          return this.#take(crlf ? "\r\n" : "\r");
        }
        this.#ends.lastIndex = 0;
      }
      const m = this.#ends.exec(chunk);
      if (m !== null) {
        this.#add(chunk.slice(this.#i, m.index));
        this.#i = m.index + m[0].length;
        if (m[0] === "\r" && this.#i === chunk.length) {
          this.#pendingCR = true;
          this.#chunk = undefined;
          return null;
        }
        return this.#take(m[0]);
      }
      this.#add(chunk.slice(this.#i));
      this.#chunk = undefined;
      return null;
    }
    if (!this.#ended) return null;
    if (this.#finished) return undefined;
    this.#finished = true;
    if (this.#pendingCR) return this.#take("\r");
    return this.#size > 0 ? this.#take("") : undefined;
  }
}

/**
 * Frame CSV/TSV text: the header first, then each record, record over the size limit or quote
 * that never closes, then how the file ended. `lineOffset` is added to line numbers (lines dropped
 * before the text started). A header whose quote never closes comes out as `unclosed` and nothing
 * follows it.
 */
export async function* csvFrames(
  chunks: AsyncIterable<string>,
  delim: string,
  limits: Required<ReadLimits>,
  lineOffset = 0,
): AsyncGenerator<CsvFrame> {
  let st = fresh();
  const source = new PhysicalLines(
    limits.maxRecordSize,
    lineOffset + 1,
    (piece) => scanSegment(piece, st, delim),
  );
  const input = chunks[Symbol.asyncIterator]();
  const pushedBack: Line[] = [];
  let lastEnd = "";
  const took = (line: Line | undefined): Line | undefined => {
    if (line) {
      lastEnd = line.end;
      endLine(st);
    }
    return line;
  };
  /**
   * The next line, scanned with the quote state `st` as it stands; null when the text read so
   * far holds no more (then {@link more} reads on). Lines are taken without an await each.
   */
  const nextNow = (): Line | undefined | null => {
    const again = pushedBack.pop();
    if (again) {
      scanSegment(again.text!, st, delim);
      return took(again);
    }
    const line = source.next();
    return line === null ? null : took(line);
  };
  const more = async (): Promise<Line | undefined> => {
    while (true) {
      const chunk = await input.next();
      if (chunk.done) source.end();
      else source.feed(chunk.value);
      const line = nextNow();
      if (line !== null) return line;
    }
  };
  let headerFields = -1;
  // After a quote ran to the end of the file, a later record still inside quotes at the end of
  // its first line would run to the end the same way: it is reported at once.
  let runsToEnd = false;
  // Lines read again after a quote was found unclosed; past this budget the same happens, so
  // that reading stays linear however many quotes are left open.
  let reread = 0;
  let read = 0;

  while (true) {
    st = fresh();
    let first = nextNow();
    if (first === null) first = await more();
    if (!first) break;
    read++;
    if (first.size === 0) continue; // a blank line between records
    const lines: Line[] = [first];
    let size = first.size;
    if (st.inQuotes && headerFields >= 0 && (runsToEnd || reread > 2 * read + 10_000)) {
      yield {
        kind: "unclosed",
        line: first.no,
        resumes: true,
        why: runsToEnd
          ? "is never closed (it would run to the end of the file)"
          : "is not closed on its line",
      };
      continue;
    }
    let eof = false;
    while (st.inQuotes) {
      let line = nextNow();
      if (line === null) line = await more();
      if (!line) {
        eof = true;
        break;
      }
      read++;
      lines.push(line);
      size += line.size + 1;
    }
    const last = lines[lines.length - 1];
    const kept = size <= limits.maxRecordSize && lines.every((l) => l.text !== null);
    if (headerFields < 0) {
      if (eof) {
        yield { kind: "unclosed", line: first.no, why: "is never closed", resumes: false };
        return;
      }
      headerFields = st.delims + 1;
      yield { kind: "header", text: join(lines), line: first.no };
      continue;
    }
    const multiLine = lines.length > 1;
    // Closing the quote on a later line gives the wrong number of fields, and one of the lines
    // it swallowed reads as a record of its own: a quote left open that paired with a later one.
    // (A long quoted text with a field too many stays one record, left out for its field count.)
    // With fewer than three columns a line of prose reads as a record too easily to tell.
    const mismatch = multiLine && !eof && st.delims + 1 !== headerFields && kept &&
      headerFields >= 3 && lines.slice(1).some((l) => fieldsAlone(l.text!, delim) === headerFields);
    // A quoted field over several lines each of which reads as a record of its own: rows merged
    // by a quote left open is the likelier story with three columns or more, and with two when it
    // swallows two lines or more (two lines of prose each with exactly one comma is a common
    // text; three or more in a row is rows). Otherwise — one column, where every line without a
    // quote reads as a record, or two columns over two lines — the record is kept with a warning.
    const merged = multiLine && !eof && !mismatch && kept &&
      lines.slice(1).every((l) => fieldsAlone(l.text!, delim) === headerFields);
    if (eof || mismatch || (merged && mergedAreRows(headerFields, lines.length))) {
      const why = eof
        ? lines.length === 1
          ? "is never closed (the file ends inside it: a torn last record?)"
          : "is never closed (it would run to the end of the file)"
        : mismatch
        ? `is not closed on its line; closing it on line ${last.no} would give ` +
          `${st.delims + 1} fields where the header has ${headerFields}`
        : `is not closed on its line; lines ${lines[1].no}–${last.no} each read as a record ` +
          "of their own";
      if (eof) runsToEnd = true;
      if (kept) {
        yield { kind: "unclosed", line: first.no, why, resumes: lines.length > 1 };
        // Read again from the line after the one the quote opened on.
        for (let i = lines.length - 1; i >= 1; i--) pushedBack.push(lines[i]);
        reread += lines.length - 1;
      } else {
        yield { kind: "unclosed", line: first.no, why, lost: last.no, resumes: false };
      }
      continue;
    }
    if (!kept) {
      yield { kind: "too-large", size, line: first.no, lastLine: last.no };
      continue;
    }
    const text = join(lines);
    yield merged
      ? { kind: "record", text, line: first.no, lastLine: last.no, mergedLines: true }
      : { kind: "record", text, line: first.no, lastLine: last.no };
  }
  yield { kind: "end", lineEnd: lastEnd !== "" };
}

/**
 * Whether a quoted field over `lines` lines, each after the first reading as a record of its own,
 * is taken for rows merged by a quote left open (reported, and the lines read again) rather than
 * one record (kept, with a warning).
 */
export function mergedAreRows(columns: number, lines: number): boolean {
  return columns >= 3 || (columns === 2 && lines >= 3);
}

/** A record's text: its lines joined by their own line ends (inside quoted fields). */
function join(lines: readonly Line[]): string {
  if (lines.length === 1) return lines[0].text!;
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    out += lines[i].text!;
    if (i < lines.length - 1) out += lines[i].end;
  }
  return out;
}
