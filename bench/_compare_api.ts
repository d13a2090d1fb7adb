// Child of bench/compare.ts: corpus BLEU and corpus chrF of every (output, expected) pair of a
// JSON lines results file through the library's API, with the means of their sentence scores
// (each metric's corpus figure and sentence scores from one pass over the pairs).
// Prints one JSON object: the pairs counted and the four figures.
import { corpusBleuWithSentences, corpusChrfWithSentences } from "../lib/graders/mod.ts";

const path = Deno.args[0];
const hypotheses: string[] = [];
const references: string[][] = [];
const lines = (await Deno.readTextFile(path)).split("\n");
for (const line of lines) {
  if (line.trim() === "") continue;
  const row = JSON.parse(line) as { output: string; expected: string };
  hypotheses.push(row.output);
  references.push([row.expected]);
}
const bleu = corpusBleuWithSentences(hypotheses, references);
const chrf = corpusChrfWithSentences(hypotheses, references);
console.log(JSON.stringify({
  pairs: hypotheses.length,
  bleu: bleu.score,
  chrf: chrf.score,
  sentenceBleuMean: bleu.sentences.mean,
  sentenceChrfMean: chrf.sentences.mean,
}));
