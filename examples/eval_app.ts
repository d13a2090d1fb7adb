/**
 * Evaluate an application instead of a bare model: a small "capital lookup" app that retrieves a
 * passage from its own notes and answers from it. verdict asks it every question of
 * `capitals.jsonl`, scores the answers and gates on exact match.
 *
 * Run from the repository: `deno run --allow-read examples/eval_app.ts` (no network: the app is
 * local). Exit code 1 when the gate fails, as `cli.ts eval --fail-under` would.
 *
 * @module
 */
import { assertMetric, evaluate, type Metric } from "../mod.ts";

/** The app's knowledge: one note per country (it knows 15 of the 20). */
const NOTES: Record<string, string> = {
  France: "Paris is the capital and largest city of France.",
  Japan: "Tokyo is the capital of Japan.",
  Australia: "Canberra is the capital of Australia; Sydney is its largest city.",
  Canada: "Ottawa is the capital of Canada.",
  "United States": "Washington, D.C. is the capital of the United States.",
  Brazil: "Brasília became the capital of Brazil in 1960.",
  Turkey: "Ankara is the capital of Turkey; Istanbul is its largest city.",
  Germany: "Berlin is the capital of Germany.",
  Italy: "Rome is the capital of Italy.",
  Spain: "Madrid is the capital of Spain.",
  Egypt: "Cairo is the capital of Egypt.",
  India: "New Delhi is the capital of India.",
  Kenya: "Nairobi is the capital of Kenya.",
  "New Zealand": "Wellington is the capital of New Zealand.",
  Vietnam: "Hanoi is the capital of Vietnam.",
};

/** The application: find the country in the question, answer with the first words of its note. */
async function capitalApp(question: string): Promise<{ answer: string; retrieved: string[] }> {
  await new Promise((resolve) => setTimeout(resolve, 5)); // a real app would call an index here
  const country = /capital of (.+?)\?/.exec(question)?.[1] ?? "";
  const note = NOTES[country];
  if (!note) return { answer: "I don't know", retrieved: [] };
  const city = note.split(/ (is|became) /)[0];
  return { answer: city, retrieved: [country] };
}

/** A custom metric: did the app retrieve a note at all? */
const retrieved: Metric = {
  name: "retrieved",
  threshold: 1,
  compute: (record) => ({
    value: (record.answer.retrieved ?? []).length > 0 ? 1 : 0,
    reason: `${(record.answer.retrieved ?? []).length} note(s)`,
  }),
};

const result = await evaluate(new URL("./capitals.jsonl", import.meta.url), {
  app: capitalApp,
  metrics: ["exact_match", "contains", retrieved],
  concurrency: 4,
});
console.log(result.toText());

try {
  assertMetric(result, "exact_match", ">=", 0.7);
  console.log("\ngate exact_match ≥ 0.7: passed");
} catch (error) {
  console.log(`\ngate failed: ${(error as Error).message}`);
  Deno.exit(1);
}
