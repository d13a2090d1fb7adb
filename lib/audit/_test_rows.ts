// Hand-made audit rows for tests.
import type { AuditRow } from "./types.ts";

let counter = 0;

/** A passing row of version v1, grader exact, with the given fields replaced. */
export function row(fields: Partial<AuditRow> = {}): AuditRow {
  counter++;
  return {
    row: counter,
    case: `q${counter}`,
    version: "v1",
    repeat: 0,
    grader: "exact",
    score: 1,
    pass: true,
    ...fields,
  };
}

/** `n` rows made by `make`, numbered from `start`. */
export function rows(n: number, make: (i: number) => Partial<AuditRow>): AuditRow[] {
  return Array.from({ length: n }, (_, i) => row(make(i)));
}
