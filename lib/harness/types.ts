/**
 * Shapes shared by the harness adapters: which harness a file came from, what was read from it,
 * and what could not be read.
 *
 * @module
 */
import type { ReadLimits } from "../io/limits.ts";
import type { AuditRow, DeclaredFigure, RefusedRow } from "../audit/types.ts";

/** The harnesses whose native files verdict reads. */
export const HARNESS_NAMES = [
  "promptfoo",
  "inspect",
  "lm-eval",
  "openai-evals",
  "deepeval",
  "ragas",
] as const;

/**
 * A harness name: `promptfoo`, `inspect` (Inspect AI), `lm-eval`, `openai-evals`, `deepeval`,
 * `ragas`.
 */
export type HarnessName = typeof HARNESS_NAMES[number];

/** The container a harness file was read from. */
export type HarnessFormat = "json" | "jsonl" | "csv" | "eval-zip";

/** What was detected about a file before it was read. */
export interface DetectedHarness {
  /** The harness that wrote the file. */
  harness: HarnessName;
  /** The container it was read from. */
  format: HarnessFormat;
  /** The file's role inside the harness, e.g. `"samples"`, `"results"`, `"output-items"`. */
  kind: string;
}

/** A file opened for reading by offset, with its size and a name for messages. */
export interface RandomAccessFile {
  /** The name used in messages. */
  name: string;
  /** Size in bytes. */
  size: number;
  /** Read `length` bytes at `offset` (fewer only at the end of the file). */
  readAt(offset: number, length: number): Promise<Uint8Array>;
  /** Release the file. */
  close(): void;
  /** The limits to read it with (`DEFAULT_READ_LIMITS` when absent). */
  limits?: Required<ReadLimits>;
}

/** A problem found while adapting a file, returned as data (never thrown). */
export interface HarnessProblem {
  /** A stable code, e.g. `"rows-missing"`, `"unreadable-line"`, `"bad-sample"`. */
  code: string;
  /** 1-based record number (line, sample, result index); 0 when it concerns the whole file. */
  row: number;
  /** The field involved, when there is one. */
  field?: string;
  /** A sentence for people. */
  message: string;
}

/** Which harness wrote the file, at which version, and what it does with unscored rows. */
export interface HarnessInfo {
  /** The harness. */
  name: HarnessName;
  /** The harness version recorded in the file, when it records one. */
  version?: string;
  /** Harness notes for this file, in plain sentences. */
  notes: string[];
}

/** What an adapter read from one file, before the file's name and detection are added. */
export interface HarnessDraft {
  /** Which harness, at which version, with its notes. */
  harness: HarnessInfo;
  /** One row per case × version × repeat × grader. */
  rows: AuditRow[];
  /** Figures the file reports about itself. */
  declared: DeclaredFigure[];
  /** Records that could not become rows (counted and listed by the audit, never used). */
  refused: RefusedRow[];
  /** Problems found in the file (missing rows, inconsistent headers, unreadable records). */
  problems: HarnessProblem[];
  /** True when the file carries only aggregate figures and no per-row results. */
  aggregateOnly: boolean;
}

/** Everything read from one native harness file. */
export interface HarnessResult extends HarnessDraft {
  /** The file name used in messages. */
  source: string;
  /** How the file was read. */
  detected: DetectedHarness;
}

/** Where a harness file comes from: a path, a `file:` URL, bytes, or text, with an optional name. */
export type HarnessSource =
  | string
  | URL
  | Uint8Array
  | { bytes: Uint8Array; name?: string }
  | { text: string; name?: string };

/** Options of {@link readHarnessFile}. */
export interface ReadHarnessOptions {
  /** Force a harness instead of detecting it from the content. */
  harness?: HarnessName;
  /** A name for messages (defaults to the path or `"<bytes>"`). */
  name?: string;
  /**
   * Pass thresholds per grader (metric), for harnesses that record scores but no verdicts
   * (Ragas): a scored row passes at or above its metric's threshold. Refused for harnesses that
   * record their own verdicts.
   */
  thresholds?: Readonly<Record<string, number>>;
  /** Limits on decompression, record size and nesting (see `DEFAULT_READ_LIMITS`). */
  limits?: ReadLimits;
}
