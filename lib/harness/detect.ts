/**
 * Telling which harness wrote a file, from its content, through the harness registry: every
 * adapter looks at the same first look of the file and claims it or says briefly why not.
 *
 * @module
 */
import type { ReadLimits } from "../io/limits.ts";
import { detection, sniffAll } from "./_choose.ts";
import { lookAt } from "./_look.ts";
import { openHarnessSource } from "./_source.ts";
import type { DetectedHarness, HarnessName, HarnessSource } from "./types.ts";

/** One adapter's answer about a file: the kind of file it claims, or why it does not. */
export interface DetectionAttempt {
  /** The harness asked. */
  harness: HarnessName;
  /** The kind of file it claims (`"export"`, `"log"`, `"samples"`…), when it claims it. */
  kind?: string;
  /** Why it does not claim the file, briefly, when it does not. */
  miss?: string;
}

/** What {@link detectHarness} found. */
export interface HarnessDetection {
  /** The harness, format and kind, when exactly one adapter claims the file; otherwise null. */
  detected: DetectedHarness | null;
  /** Every adapter's answer, in registry order. */
  attempts: DetectionAttempt[];
}

/**
 * Ask every adapter of the harness registry whether it reads a file. The file is detected when
 * exactly one claims it; `attempts` says what each adapter answered. A JSON document is parsed
 * whole; other files are only looked at (first line, CSV header, first array element, zip
 * signature).
 *
 * @example A promptfoo JSON lines export, and a plain CSV no harness wrote
 * ```ts
 * import { detectHarness } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const line = '{"promptIdx": 0, "testIdx": 0, "success": true, "score": 1}';
 * const found = await detectHarness({ text: `${line}\n${line}\n` });
 * assert.deepEqual(found.detected, { harness: "promptfoo", format: "jsonl", kind: "results" });
 *
 * const plain = await detectHarness({ text: "id,output\n1,a\n" });
 * assert.equal(plain.detected, null);
 * assert.ok(plain.attempts.every((a) => a.miss !== undefined));
 * ```
 */
export async function detectHarness(
  source: HarnessSource,
  options: { name?: string; limits?: ReadLimits } = {},
): Promise<HarnessDetection> {
  const file = await openHarnessSource(source, options.name, options.limits);
  try {
    const look = await lookAt(file);
    const attempts = sniffAll(look);
    const claims = attempts.filter((a) => a.kind !== undefined);
    return {
      detected: claims.length === 1 ? detection(look, claims[0].harness, claims[0].kind!) : null,
      attempts,
    };
  } finally {
    file.close();
  }
}
