// Everything the score job computes about one row that depends on the row alone: each selected
// grader's result with its near miss, and the row's assertions. It is the part that may run in
// other threads (see _score_workers.ts); counting, the overall row and writing stay in file order
// on the main thread. Built once per run from the resolved configuration.
import type { ResultRow } from "../io/mod.ts";
import {
  type AssertionOutcome,
  type GradeInput,
  type Grader,
  type GradeResult,
  graderFor,
  type GraderName,
  type NearMissProbe,
  nearMissProbe,
  runAssertion,
} from "../graders/mod.ts";
import type { ScoreConfig } from "./score_config.ts";

/** What a row needs of a results row to be graded (the fields a worker is sent). */
export type GradableRow = Pick<ResultRow, "output" | "reference" | "schema" | "threshold"> & {
  assertions?: ResultRow["assertions"];
};

/** One row's grades: per selected grader (in the configuration's order), then its assertions. */
export interface RowGrades {
  /** Each grader's result. */
  results: GradeResult[];
  /** Each grader's near-miss steps (empty unless the row failed and a step flips it). */
  steps: NearMissProbe[][];
  /** The threshold each grader used (graded graders with one), else undefined. */
  thresholds: (number | undefined)[];
  /** The row's assertions, in order. */
  assertions: AssertionOutcome[];
}

const NO_STEPS: NearMissProbe[] = [];

interface Plan {
  grader: Grader;
  options: Record<string, unknown>;
  graded: boolean;
  threshold: number | undefined;
  probe: (input: GradeInput, result: GradeResult) => NearMissProbe[];
}

/** What a {@link RowGrader} is built from (plain data, so that a worker can be sent it). */
export type RowGraderConfig = Pick<ScoreConfig, "graders" | "graderOptions" | "thresholds">;

/** Grades rows under one configuration. */
export class RowGrader {
  readonly #plans: Plan[];
  /** The configuration it was built from. */
  readonly config: RowGraderConfig;

  constructor(config: RowGraderConfig) {
    this.config = {
      graders: config.graders,
      graderOptions: config.graderOptions,
      thresholds: config.thresholds,
    };
    this.#plans = config.graders.map((name: GraderName) => {
      const grader = graderFor(name);
      const options = grader.resolve(config.graderOptions[name]) as Record<string, unknown>;
      return {
        grader,
        options,
        graded: grader.kind === "graded",
        threshold: config.thresholds[name],
        probe: nearMissProbe(name, options),
      };
    });
  }

  /** Grade one row with every selected grader, probe its failures, run its assertions. */
  grade(row: GradableRow): RowGrades {
    const references = row.reference?.values ?? [];
    const out: RowGrades = { results: [], steps: [], thresholds: [], assertions: [] };
    // Graders only read their input: those without a threshold (most) share one.
    let plain: GradeInput | undefined;
    for (const plan of this.#plans) {
      const threshold = plan.graded ? row.threshold ?? plan.threshold : undefined;
      const input: GradeInput = threshold === undefined
        ? plain ??= { output: row.output, references, schema: row.schema, threshold }
        : { output: row.output, references, schema: row.schema, threshold };
      const result = plan.grader.grade(input, plan.options);
      out.results.push(result);
      out.steps.push(result.pass === false ? plan.probe(input, result) : NO_STEPS);
      out.thresholds.push(threshold);
    }
    if (row.assertions) {
      for (const assertion of row.assertions) {
        out.assertions.push(runAssertion(assertion, row.output, { schema: row.schema }));
      }
    }
    return out;
  }
}
