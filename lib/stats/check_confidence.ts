/**
 * The one check of a confidence level, shared by the intervals, the auditor and the command line.
 *
 * @module
 */
import { UserRangeError, UserTypeError } from "../errors/mod.ts";

function shown(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/**
 * Return `confidence` when it is a number strictly between 0 and 1; otherwise throw a user error
 * (`TypeError` for a value that is not a number, `RangeError` for one outside (0, 1)) that names
 * it as `name` (`"confidence"`, or a flag such as `"--confidence"`).
 *
 * @example Accept 0.95, refuse 95
 * ```ts
 * import { checkConfidence } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.equal(checkConfidence(0.95), 0.95);
 * assert.throws(() => checkConfidence(95), RangeError);
 * assert.throws(
 *   () => checkConfidence("high", "--confidence"),
 *   /^TypeError: --confidence must be a number between 0 and 1 \(exclusive\), such as 0\.95, got "high"$/,
 * );
 * ```
 */
export function checkConfidence(confidence: unknown, name = "confidence"): number {
  const message = `${name} must be a number between 0 and 1 (exclusive), such as 0.95, ` +
    `got ${shown(confidence)}`;
  if (typeof confidence !== "number") throw new UserTypeError(message);
  if (!(confidence > 0 && confidence < 1)) throw new UserRangeError(message);
  return confidence;
}
