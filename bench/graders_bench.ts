// Per-grader cost on generated rows: deno task bench
import { type GradeInput, GRADER_NAMES, GRADERS } from "../mod.ts";
import { syntheticRow } from "./_generate.ts";

const ROWS = 2000;
const inputs: GradeInput[] = Array.from({ length: ROWS }, (_, i) => {
  const r = syntheticRow(i);
  return {
    output: String(r.output),
    references: [String(r.expected)],
    schema: { type: "object", required: ["answer"] },
    threshold: 0.5,
  };
});

for (const name of GRADER_NAMES) {
  Deno.bench({
    name: `${name} × ${ROWS} rows`,
    group: "graders",
    fn() {
      const grader = GRADERS[name] as { grade(input: GradeInput): unknown };
      for (const input of inputs) grader.grade(input);
    },
  });
}
