/**
 * Reading a native harness file into audit rows: detect the harness through the registry (or
 * take the one forced), let its adapter read the file, and return rows, declared figures, notes
 * and problems.
 *
 * @module
 */
import { chooseHarness, NotAHarnessFile } from "./_choose.ts";
import { lookAt } from "./_look.ts";
import { openHarnessSource, sourcePath } from "./_source.ts";
import { harnessNotes } from "./notes.ts";
import { HARNESSES } from "./registry.ts";
import {
  HARNESS_NAMES,
  type HarnessResult,
  type HarnessSource,
  type ReadHarnessOptions,
} from "./types.ts";
import { UserTypeError } from "../errors/mod.ts";

/**
 * Read a native file of any harness in the registry ({@link HARNESSES}). The harness is detected
 * from the content unless `options.harness` forces one. Throws `SyntaxError` when the file cannot
 * be parsed at all, and `TypeError` when it parses but no reader claims it (the message lists
 * each reader and why it passed), when several do, or when the forced harness is plainly wrong;
 * problems inside a readable file are returned as data. The harness's standing notes follow the
 * file's own notes.
 *
 * @example Read a promptfoo JSON lines export given as text
 * ```ts
 * import { readHarnessFile } from "./read_harness_file.ts";
 * import assert from "node:assert/strict";
 *
 * const line = (testIdx: number, failureReason: number) => JSON.stringify({
 *   promptIdx: 0, testIdx, failureReason, success: failureReason === 0,
 *   score: failureReason === 0 ? 1 : 0, provider: { id: "p" }, prompt: { label: "Q" },
 *   error: failureReason === 2 ? "Error: read ECONNRESET" : undefined,
 * });
 * const result = await readHarnessFile({ text: `${line(0, 0)}\n${line(1, 2)}\n`, name: "r.jsonl" });
 * assert.equal(result.harness.name, "promptfoo");
 * assert.deepEqual(result.rows.map((r) => [r.pass, r.errorKind]), [
 *   [true, undefined], [null, "infrastructure"],
 * ]);
 * ```
 */
export async function readHarnessFile(
  source: HarnessSource,
  options: ReadHarnessOptions = {},
): Promise<HarnessResult> {
  const file = await openHarnessSource(source, options.name, options.limits);
  try {
    const look = await lookAt(file);
    const detected = chooseHarness(look, file.name, options.harness);
    const adapter = HARNESSES[detected.harness];
    const thresholds = options.thresholds ?? {};
    if (Object.keys(thresholds).length > 0 && !adapter.takesThresholds) {
      const takers = HARNESS_NAMES.filter((h) => HARNESSES[h].takesThresholds);
      throw new UserTypeError(
        `Cannot apply thresholds to "${file.name}": it is ${adapter.reads}, which records its ` +
          `own verdicts; thresholds apply to ${takers.map((h) => HARNESSES[h].title).join(", ")} ` +
          "files only",
      );
    }
    const draft = await adapter.read(file, look, {
      path: sourcePath(source),
      name: file.name,
      kind: detected.kind,
      thresholds,
    });
    for (const item of harnessNotes(draft.harness.name, draft.harness.version)) {
      draft.harness.notes.push(item);
    }
    return { source: file.name, detected, ...draft };
  } finally {
    file.close();
  }
}

/**
 * Like {@link readHarnessFile}, but gives null when the file is readable and no harness reader
 * claims it (so a caller can fall back to another reader). Damaged harness files still
 * throw.
 *
 * @example Fall back on a plain results file
 * ```ts
 * import { tryReadHarnessFile } from "./read_harness_file.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(await tryReadHarnessFile({ text: "id,output\n1,a\n" }), null);
 * assert.equal(await tryReadHarnessFile({ text: '{"rows": []}' }), null);
 * ```
 */
export async function tryReadHarnessFile(
  source: HarnessSource,
  options: ReadHarnessOptions = {},
): Promise<HarnessResult | null> {
  try {
    return await readHarnessFile(source, options);
  } catch (error) {
    if (error instanceof NotAHarnessFile && options.harness === undefined) return null;
    throw error;
  }
}
