import assert from "node:assert/strict";
import { punktParametersFromTab, punktSentences } from "./punkt_sentences.ts";

Deno.test("Punkt: ordinary breaks, questions, exclamations and trailing whitespace", () => {
  assert.deepEqual(punktSentences("Is it raining? Yes! Take an umbrella.  \n"), [
    "Is it raining?",
    "Yes!",
    "Take an umbrella.",
  ]);
  assert.deepEqual(punktSentences(""), []);
  assert.deepEqual(punktSentences("no final stop"), ["no final stop"]);
});

Deno.test("Punkt: a newline alone is no break, and the sentence keeps it", () => {
  assert.deepEqual(punktSentences("The committee met on\nTuesday. It approved the plan."), [
    "The committee met on\nTuesday.",
    "It approved the plan.",
  ]);
});

Deno.test("Punkt: abbreviations, initials, numbers and closing quotes or brackets", () => {
  assert.deepEqual(punktSentences("Mr. Ortiz met Dr. Patel at the U.S. embassy. She left."), [
    "Mr. Ortiz met Dr. Patel at the U.S. embassy.",
    "She left.",
  ]);
  // An abbreviation before a frequent sentence starter ends the sentence.
  assert.deepEqual(punktSentences("It was built in the U.S. The rest came later."), [
    "It was built in the U.S.",
    "The rest came later.",
  ]);
  // An initial before a capitalized word of unknown case habits does not end one.
  assert.deepEqual(punktSentences("J. Bach wrote it. Then he left."), [
    "J. Bach wrote it.",
    "Then he left.",
  ]);
  assert.deepEqual(punktSentences("(It ended.) Then it began."), ["(It ended.)", "Then it began."]);
  assert.deepEqual(punktSentences('She said "go." He went.'), ['She said "go."', "He went."]);
});

Deno.test("Punkt: a model from NLTK's punkt_tab files replaces verdict's English parameters", () => {
  const text = "We met the zzq. Smith was there. Mr. Jones was not.";
  assert.deepEqual(punktSentences(text), [
    "We met the zzq.",
    "Smith was there.",
    "Mr. Jones was not.",
  ]);
  const model = punktParametersFromTab({
    abbrevTypes: "zzq\n",
    collocations: "",
    sentStarters: "",
    orthoContext: "smith\t2\n",
  });
  assert.deepEqual(model.orthographicContext.get("smith"), 2);
  assert.deepEqual(punktSentences(text, model), [
    "We met the zzq. Smith was there.",
    "Mr.",
    "Jones was not.",
  ]);
});

Deno.test("Punkt: a closing quote at the start of a later line is not moved into the sentence before", () => {
  // NLTK realigns only quotes and brackets that open the next sentence (re.match); a quote
  // after a newline inside it stays. Found by the property below: a dot was lost.
  assert.deepEqual(punktSentences('J. ...\n"'), ["J.", '...\n"']);
  assert.deepEqual(punktSentences('J. ...\n"\nDr.'), ["J.", '...\n"\nDr.']);
  assert.deepEqual(punktSentences('He left. "Yes."'), ["He left.", '"Yes."']);
});

Deno.test("Punkt: on any text, sentences are pieces of it in order and cover its words", async () => {
  const fc = (await import("fast-check")).default;
  const piece = fc.constantFrom(
    "Dr.",
    "a.m.",
    "U.S.",
    "3.5",
    "5.",
    "J.",
    "Yes!",
    "why?",
    '"',
    ")",
    "...",
    "--",
    "\n",
    " ",
    "  ",
    "word",
    "Then",
    "the",
    "é",
    "😀",
    "\u0085",
    "\u00a0",
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join("")), (text) => {
      const sentences = punktSentences(text);
      let from = 0;
      for (const s of sentences) {
        const at = text.indexOf(s, from);
        assert.ok(at >= 0, `${JSON.stringify(s)} is in ${JSON.stringify(text)} after ${from}`);
        assert.ok(s.length > 0);
        from = at + s.length;
      }
      const visible = (t: string) => t.replace(/[\s\u0085]/gu, "");
      assert.equal(sentences.map(visible).join(""), visible(text));
    }),
    { numRuns: 500 },
  );
});
