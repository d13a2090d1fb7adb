import assert from "node:assert/strict";
import fc from "fast-check";
import { keepsSquadToken } from "./_squad_keeps_token.ts";
import { normalizeAnswer, pySplit, SQUAD_STEPS } from "../text/mod.ts";

Deno.test("keepsSquadToken answers as the four steps do, or leaves the text to them", () => {
  const piece = fc.oneof(
    fc.constantFrom("a", "A", "an", "An", "the", "THE", "t.h.e", "a_n", "x", "9", "theater"),
    fc.constantFrom(".", ",", "!", "_", "'", " ", "  ", "\t", "\n", "\u001c", "\u007f", "\u0000"),
    fc.constantFrom("é", "\u00a0", "\u0130", "\u212a", "\u3000", "\u0301", "一"),
    fc.string({ unit: "grapheme-ascii", maxLength: 3 }),
    fc.string({ unit: "binary", maxLength: 2 }),
  );
  const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(""));
  let decided = 0;
  fc.assert(
    fc.property(text, (s) => {
      const answer = keepsSquadToken(s);
      if (answer === undefined) return;
      decided++;
      assert.equal(answer, pySplit(normalizeAnswer(s, SQUAD_STEPS)).length > 0);
    }),
    { numRuns: 5_000 },
  );
  // Most generated texts are decided here (not all left to the steps).
  assert.ok(decided > 1_000, `${decided}`);
});
