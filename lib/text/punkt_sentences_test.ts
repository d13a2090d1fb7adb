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
