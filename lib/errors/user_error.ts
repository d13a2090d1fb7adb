/**
 * User errors: mistakes in what verdict was given (a file, an argument, an option, a flag), told
 * apart from bugs in verdict. They are the built-in classes (`TypeError` for a wrong shape,
 * `RangeError` for a value out of range, `SyntaxError` for unparseable text) with a brand, so
 * `instanceof TypeError` keeps working and `isUserError` tells them from the engine's own errors
 * (`undefined is not iterable` is a bug, never a user error).
 *
 * The brand is a registered symbol (`Symbol.for("verdict.userError")`), so two copies of verdict
 * loaded side by side (a bundle and the source) still recognise each other's user errors.
 *
 * @module
 */

const BRAND = Symbol.for("verdict.userError");

declare const userErrorBrand: unique symbol;

/** An error that {@link isUserError} recognises: a mistake in verdict's input, not a bug. */
export type UserError = Error & { readonly [userErrorBrand]: true };

/**
 * Mark an error as a user error and return it, whatever its class (for `Deno.errors.NotFound`
 * and the like; the `User*Error` classes are branded already).
 *
 * @example Brand a file-system error
 * ```ts
 * import { isUserError, markUserError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const error = markUserError(new Deno.errors.NotFound('Cannot read "a.csv": no such file'));
 * assert.ok(error instanceof Deno.errors.NotFound);
 * assert.ok(isUserError(error));
 * ```
 */
export function markUserError<E extends Error>(error: E): E {
  Object.defineProperty(error, BRAND, { value: true, enumerable: false });
  return error;
}

/**
 * True for an error that reports a mistake in verdict's input (branded by {@link markUserError}
 * or made by one of the `User*Error` classes); false for anything else, bugs included.
 *
 * @example A user error and a bug
 * ```ts
 * import { isUserError, UserRangeError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * assert.ok(isUserError(new UserRangeError("confidence must be between 0 and 1, got 95")));
 * let bug: unknown;
 * try {
 *   // deno-lint-ignore no-explicit-any
 *   for (const _ of (undefined as any)) break;
 * } catch (error) {
 *   bug = error;
 * }
 * assert.ok(bug instanceof TypeError);
 * assert.equal(isUserError(bug), false);
 * ```
 */
export function isUserError(error: unknown): error is UserError {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * A user error about the shape of what was given: a value of the wrong type, a column the file
 * lacks, a source that is not one of the accepted kinds. Its `name` is `"TypeError"`.
 *
 * @example Throw and recognise one
 * ```ts
 * import { isUserError, UserTypeError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const error = new UserTypeError('Cannot read "a.csv": column "answer" is not in the header');
 * assert.ok(error instanceof TypeError);
 * assert.equal(error.name, "TypeError");
 * assert.ok(isUserError(error));
 * ```
 */
export class UserTypeError extends TypeError {
  /** A user error with a message in verdict's style (`Cannot read "a.csv": …`). */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    markUserError(this);
  }
}

/**
 * A user error about a value out of range: an unknown name (grader, role, format), a number
 * outside its interval. Its `name` is `"RangeError"`.
 *
 * @example Throw and recognise one
 * ```ts
 * import { isUserError, UserRangeError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const error = new UserRangeError('Cannot read as "xml": the formats are csv, tsv');
 * assert.ok(error instanceof RangeError);
 * assert.equal(error.name, "RangeError");
 * assert.ok(isUserError(error));
 * ```
 */
export class UserRangeError extends RangeError {
  /** A user error with a message in verdict's style. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    markUserError(this);
  }
}

/**
 * A user error about text that cannot be parsed: a file that is not JSON, not UTF-8, binary.
 * Its `name` is `"SyntaxError"`.
 *
 * @example Throw and recognise one
 * ```ts
 * import { isUserError, UserSyntaxError } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const error = new UserSyntaxError('Cannot read "a.jsonl": it is not valid UTF-8 text');
 * assert.ok(error instanceof SyntaxError);
 * assert.equal(error.name, "SyntaxError");
 * assert.ok(isUserError(error));
 * ```
 */
export class UserSyntaxError extends SyntaxError {
  /** A user error with a message in verdict's style. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    markUserError(this);
  }
}
