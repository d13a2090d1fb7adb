// Eval results as a side: in memory (an EvalResult), or an answers file (`eval --out`) scored
// against its dataset with the eval's own metrics, without calling any model.
import { markUserError } from "../errors/mod.ts";
import type { ReadLimits, Source } from "../io/mod.ts";
import type { EvalResult } from "../eval/eval_result.ts";
import type { AnswerRecord } from "../eval/types.ts";
import type { Collector } from "./_collect.ts";
import type { GraderInfo } from "./_grader_comparison.ts";

/** How to score an answers file: the dataset it answered and the metrics (as `eval` takes them). */
export interface AnswersScoring {
  /** The dataset the run answered. */
  data: Source;
  /** Metrics, `name` or `name:threshold` (default `["exact_match"]`). */
  metrics?: readonly string[];
  /** The prompt template the run used. */
  template?: string;
  /** The field the run asked. */
  input?: string;
  /** The field holding the reference(s). */
  reference?: string;
  /** Limits on decompression, record size and nesting while reading the dataset. */
  limits?: ReadLimits;
}

/**
 * Add an eval's items to side `side`: each metric becomes a grader (pass/fail for right-or-wrong
 * metrics, graded otherwise), each item a case. A failed call is an attempt without a verdict
 * (eval counts it as a miss: so does all attempted); a metric that could not score an item
 * (`scored: false`) is one too. Returns what each metric is.
 */
export function addEvalResult(
  result: EvalResult,
  side: "a" | "b",
  collector: Collector,
): Map<string, GraderInfo> {
  for (const item of result.items) {
    const failed = item.answer.error;
    for (const [name, v] of Object.entries(item.metrics)) {
      const usable = !failed && v.scored && Number.isFinite(v.value);
      collector.add(
        {
          case: item.id,
          version: side,
          repeat: 0,
          grader: name,
          pass: usable ? v.pass : null,
          score: usable ? v.value : null,
          ...(usable ? {} : { reason: failed ? `call failed: ${failed.message}` : v.reason }),
        },
        side,
        item.row,
      );
    }
  }
  const graders = new Map<string, GraderInfo>();
  for (const m of result.metrics) {
    graders.set(m.name, {
      kind: m.kind === "binary" ? "pass/fail" : "graded",
      lowerIsBetter: m.direction === "lower",
    });
  }
  return graders;
}

/** The eval's own answer (tag "") of each item id in an answers file: the last one written. */
function ownAnswers(answers: Iterable<AnswerRecord>): Map<string, AnswerRecord> {
  const out = new Map<string, AnswerRecord>();
  for (const record of answers) if (record.tag === "") out.set(record.id, record);
  return out;
}

/**
 * Score the answers an eval kept in its `--out` file against the dataset, with the given metrics,
 * as recorded answers: no model is called. Items without an answer in the file are left out (they
 * show up as cases of one version only); a failed call is kept as a failed call.
 */
export async function scoreAnswersFile(
  path: string,
  scoring: AnswersScoring,
): Promise<{ result: EvalResult; model: string; unanswered: number }> {
  // A missing answers file is an empty one to a resuming run, but an error here.
  await Deno.stat(path).catch((error) => {
    throw error instanceof Deno.errors.NotFound
      ? markUserError(new Deno.errors.NotFound(`Cannot read answers file "${path}": no such file`))
      : error;
  });
  // The eval job's modules are loaded for an answers file only: they bring the model clients'
  // packages (the AI SDK), which no other comparison needs at start-up.
  const [{ readAnswers }, { readDataset }, { evaluate }] = await Promise.all([
    import("../eval/answers_file.ts"),
    import("../eval/dataset.ts"),
    import("../eval/evaluate.ts"),
  ]);
  const kept = await readAnswers(path);
  const answers = ownAnswers(kept.answers.values());
  const failures = ownAnswers(kept.failures.values());
  const data = await readDataset(scoring.data, {
    template: scoring.template,
    input: scoring.input,
    reference: scoring.reference,
    ...(scoring.limits ? { limits: scoring.limits } : {}),
  });
  const rows: Record<string, unknown>[] = [];
  const failedCalls = new Map<string, AnswerRecord>();
  let unanswered = 0;
  for (const item of data.items) {
    const answer = answers.get(item.id) ?? failures.get(item.id);
    if (!answer) {
      unanswered++;
      continue;
    }
    if (answer.text === null) failedCalls.set(item.id, answer);
    // The id is written out so that the items keep theirs whatever their positions.
    rows.push({ ...item.fields, id: item.id, response: answer.text ?? "" });
  }
  const models = [...new Set([...answers.values(), ...failures.values()].map((a) => a.model))];
  const result = await evaluate(rows, {
    metrics: scoring.metrics ?? ["exact_match"],
    template: scoring.template,
    input: scoring.input,
    reference: scoring.reference,
    name: path,
    progress: false,
  });
  // A failed call was written as an empty recorded answer: give it back its failure.
  for (const item of result.items) {
    const failed = failedCalls.get(item.id);
    if (failed) (item as { answer: AnswerRecord }).answer = failed;
  }
  return { result, model: models.length === 1 ? models[0] : path, unanswered };
}
