import assert from "node:assert/strict";
import {
  isUserError,
  markUserError,
  UserRangeError,
  UserSyntaxError,
  UserTypeError,
} from "./user_error.ts";

Deno.test("user errors are the built-in classes, branded", () => {
  const cases: [Error, ErrorConstructor, string][] = [
    [new UserTypeError("a"), TypeError, "TypeError"],
    [new UserRangeError("b"), RangeError, "RangeError"],
    [new UserSyntaxError("c"), SyntaxError, "SyntaxError"],
  ];
  for (const [error, cls, name] of cases) {
    assert.ok(error instanceof cls);
    assert.ok(error instanceof Error);
    assert.equal(error.name, name);
    assert.equal(String(error), `${name}: ${error.message}`);
    assert.ok(isUserError(error));
    // The brand does not show in enumeration or JSON.
    assert.deepEqual(Object.keys(error), []);
    assert.match(error.stack ?? "", /user_error_test\.ts/);
  }
});

Deno.test("errors the engine throws, and plain built-ins, are not user errors", () => {
  const thrown: unknown[] = [];
  for (
    const bad of [
      () => (null as unknown as { x: number }).x,
      () => JSON.parse("{"),
      () => new Array(-1),
      () => {
        throw new TypeError("a plain TypeError");
      },
    ]
  ) {
    try {
      bad();
    } catch (error) {
      thrown.push(error);
    }
  }
  assert.equal(thrown.length, 4);
  for (const error of thrown) assert.equal(isUserError(error), false, String(error));
  for (const value of [undefined, null, "Cannot read", { message: "x" }]) {
    assert.equal(isUserError(value), false);
  }
});

Deno.test("markUserError brands any error in place, and the brand is shared across copies", () => {
  const error = new Deno.errors.NotFound('Cannot read "x": no such file');
  assert.equal(markUserError(error), error);
  assert.ok(isUserError(error));
  assert.ok(error instanceof Deno.errors.NotFound);
  // Another copy of verdict (a bundle beside the source) brands with the same registered symbol.
  const fromElsewhere = new RangeError("out of range");
  Object.defineProperty(fromElsewhere, Symbol.for("verdict.userError"), { value: true });
  assert.ok(isUserError(fromElsewhere));
});
