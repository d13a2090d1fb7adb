// Grading rows in file order, on the calling thread or on worker threads.
import type { ResultRow } from "../io/mod.ts";
import type { RowGrader, RowGrades } from "./_row_grader.ts";

/** One row with its grades. */
export interface GradedRow {
  row: ResultRow;
  grades: RowGrades;
}

/** The rows with their grades, in the order they come. */
export async function* gradeInOrder(
  rows: AsyncIterable<ResultRow>,
  grader: RowGrader,
  _workers?: number,
): AsyncGenerator<GradedRow> {
  for await (const row of rows) yield { row, grades: grader.grade(row) };
}
