/**
 * Harness notes: what each supported harness does with rows that ended without a verdict,
 * and how its own headline number is built, with the version each note was checked against.
 * The standing notes hang off the registry entries ({@link HARNESSES}); file-specific notes (the
 * version that wrote the file, what its header says) are added by the adapters.
 * `docs/harness.md` says the same at more length.
 *
 * @module
 */
import { HARNESSES } from "./registry.ts";
import type { HarnessName } from "./types.ts";

/**
 * The standing notes of a harness, after a line naming the version that wrote the file, each
 * ending with what it was checked against.
 *
 * @example Notes for promptfoo
 * ```ts
 * import { harnessNotes } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const notes = harnessNotes("promptfoo", "0.123.1");
 * assert.equal(notes[0], "File written by promptfoo 0.123.1.");
 * assert.ok(notes.some((n) => n.includes("failureReason")));
 * assert.match(notes.at(-1)!, /^Checked against/);
 * ```
 */
export function harnessNotes(name: HarnessName, fileVersion?: string): string[] {
  const set = HARNESSES[name].notes;
  const written = fileVersion
    ? [`File written by ${set.title} ${fileVersion}.`]
    : [`The file does not record which ${set.title} version wrote it.`];
  return [...written, ...set.notes, `Checked against ${set.checkedAgainst}.`];
}
