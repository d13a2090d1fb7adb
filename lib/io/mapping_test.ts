import assert from "node:assert/strict";
import { checkOverrides, type RoleVocabulary, settleMapping } from "./mapping.ts";

const ROLES: RoleVocabulary<"case" | "output" | "score" | "pass"> = {
  synonyms: { case: ["id"], output: ["output", "answer"], score: ["score"], pass: ["pass"] },
  required: ["case", ["score", "pass"]],
};

Deno.test("a misspelt role gets a suggestion only when one is close", () => {
  const message = (key: string) => {
    try {
      checkOverrides("f", ROLES, { [key]: "x" });
    } catch (error) {
      return (error as Error).message;
    }
    return "accepted";
  };
  assert.match(message("outptu"), /\(did you mean output\?\)/);
  assert.match(message("Case"), /\(did you mean case\?\)/);
  assert.match(message("scroe"), /\(did you mean score\?\)/);
  assert.doesNotMatch(message("temperature"), /did you mean/);
  assert.match(message("temperature"), /the roles are case, output, score, pass$/);
});

Deno.test("overrides: own keys only, undefined ignored, null kept", () => {
  const inherited = Object.create({ output: "answer" });
  assert.deepEqual(checkOverrides("f", ROLES, inherited), {});
  assert.deepEqual(checkOverrides("f", ROLES, { output: undefined, case: null }), { case: null });
  assert.deepEqual(checkOverrides("f", ROLES, undefined), {});
});

Deno.test("settleMapping: the required roles, one of a group is enough", () => {
  const file = (columns: string[]) => ({ name: "f.csv", columns, seenIn: "the header" });
  assert.deepEqual(settleMapping(file(["id", "pass"]), ROLES), { case: "id", pass: "pass" });
  assert.throws(
    () => settleMapping(file(["id", "answer"]), ROLES),
    /^TypeError: Cannot read "f.csv": no column for the score or the pass \(looked for score, pass in the header\); its columns are id, answer\. Map one with --map score=COLUMN/,
  );
  // Two roles may read the same column when the caller says so.
  assert.deepEqual(
    settleMapping(file(["id", "score", "answer"]), ROLES, { output: "score" }),
    { case: "id", output: "score", score: "score" },
  );
});

Deno.test("long column lists are cut in messages", () => {
  const columns = Array.from({ length: 45 }, (_, i) => `c${i}`);
  assert.throws(
    () => settleMapping({ name: "wide.jsonl", columns, seenIn: "the file" }, ROLES),
    (e: unknown) => {
      const m = (e as Error).message;
      assert.match(m, /its columns are c0, c1, .*, c29, … \(15 more\)\./);
      assert.doesNotMatch(m, /c30/);
      return true;
    },
  );
});
