// Child of bench/compare.ts: corpus BLEU and corpus chrF of every (output, expected) pair of a
// JSON lines results file through the library's API, with the means of their sentence scores.
// Prints one JSON object: the pairs counted and the four figures.
import { corpusBleu, corpusChrf, sentenceBleu, sentenceChrf } from "../lib/graders/mod.ts";

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
let bleuSum = 0;
let chrfSum = 0;
for (let i = 0; i < hypotheses.length; i++) {
  bleuSum += sentenceBleu(hypotheses[i], references[i]).score;
  chrfSum += sentenceChrf(hypotheses[i], references[i]).score;
}
console.log(JSON.stringify({
  pairs: hypotheses.length,
  bleu: corpusBleu(hypotheses, references).score,
  chrf: corpusChrf(hypotheses, references).score,
  sentenceBleuMean: bleuSum / hypotheses.length,
  sentenceChrfMean: chrfSum / hypotheses.length,
}));
