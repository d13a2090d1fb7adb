/**
 * The shape of a harness adapter: an entry of the harness registry that says which files it
 * claims (and briefly why it does not claim the others), reads them into audit rows, and carries
 * the harness's standing notes.
 *
 * @module
 */
import type { HarnessDraft, RandomAccessFile } from "./types.ts";

/**
 * What a first look at a file found, before any adapter reads it. Every adapter's `sniff` sees
 * the same look, so detection is decided in one place.
 *
 * - `zip`: a zip archive (an Inspect `.eval` log, or some other zip);
 * - `json-lines`: several lines, the first of them a JSON object (`first` is that object);
 * - `json`: one JSON document, parsed whole (`value`, and its `text`);
 * - `json-array`: a JSON array; only its first element is parsed (`first`, undefined when empty);
 * - `json-rows`: a JSON document whose first key is `rows` (the six-field layout; never parsed);
 * - `csv`: anything else that has text, with its header record (`header`);
 * - `empty`: no content at all.
 */
export type FileLook =
  | { shape: "zip" }
  | { shape: "json-lines"; first: Record<string, unknown> }
  | { shape: "json"; value: unknown; text: string }
  | { shape: "json-array"; first: unknown }
  | { shape: "json-rows" }
  | { shape: "csv"; header: string[] }
  | { shape: "empty" };

/** The shape names of {@link FileLook}. */
export type LookShape = FileLook["shape"];

/** An adapter's answer to a look: the kind of file it claims, or briefly why it does not. */
export type Sniff = { kind: string } | { miss: string };

/** What an adapter's `read` is told besides the file and its look. */
export interface ReadContext {
  /** The file-system path, when the file came from one (to find files beside it). */
  path?: string;
  /** The name used in messages. */
  name: string;
  /** The kind of file the adapter's sniff claimed, or `"forced"` when it was forced on the file. */
  kind: string;
  /** Per-grader pass thresholds given by the user, for harnesses that record no verdicts. */
  thresholds?: Readonly<Record<string, number>>;
}

/** The standing notes of a harness: what it does with unscored rows, and what was checked. */
export interface HarnessNoteSet {
  /** The harness's full name. */
  title: string;
  /** What the notes were checked against. */
  checkedAgainst: string;
  /** The notes, one sentence or a few each. */
  notes: readonly string[];
}

/**
 * One harness in the registry: its names, its notes, which files it claims and how it reads them.
 *
 * @example A look that no adapter of the registry claims
 * ```ts
 * import { HARNESS_NAMES, HARNESSES } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const look = { shape: "csv" as const, header: ["id", "output"] };
 * for (const name of HARNESS_NAMES) {
 *   const adapter = HARNESSES[name];
 *   if (!adapter.shapes.includes(look.shape)) continue;
 *   assert.ok("miss" in adapter.sniff(look), name);
 * }
 * ```
 */
export interface HarnessAdapter {
  /** The harness's full name, as people know it (`"Inspect AI"`). */
  title: string;
  /** Other names `--harness` accepts (the registry key is always accepted). */
  aliases: readonly string[];
  /** The files it reads, in a few words for messages (`"a promptfoo export"`). */
  reads: string;
  /** The shapes of file it can read; every other shape is missed without asking `sniff`. */
  shapes: readonly LookShape[];
  /** True when the harness records scores but no verdicts, so `thresholds` give it verdicts. */
  takesThresholds: boolean;
  /** The harness's standing notes. */
  notes: HarnessNoteSet;
  /** Claim a file from a first look at it, or say briefly why not. */
  sniff(look: FileLook): Sniff;
  /** When the harness is forced: whether the file shows the least this adapter needs. */
  fits(look: FileLook): boolean;
  /** Read a file this adapter claimed (or was forced on) into rows, figures, notes and problems. */
  read(file: RandomAccessFile, look: FileLook, context: ReadContext): Promise<HarnessDraft>;
}
