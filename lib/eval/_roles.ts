// Which field of a dataset row plays which role in an eval. The one place that knows the field
// names; when lib/io's reading pipeline offers role vocabularies, this file is what changes.

/** Fields read as the prompt, in order of preference (after `messages`, a template, `--input`). */
export const PROMPT_FIELDS = ["prompt", "question", "input"] as const;
/** Fields read as the reference (a list means several references). */
export const REFERENCE_FIELDS = ["reference", "answer", "expected", "target", "ideal"] as const;
/** Fields read as a recorded answer, scored when no model is given. */
export const RECORDED_FIELDS = ["response", "output"] as const;
/** The field holding the item id (else the row number is the id). */
export const ID_FIELD = "id";
/** The field holding chat messages. */
export const MESSAGES_FIELD = "messages";
/** The field holding the row's own request parameters. */
export const PARAMS_FIELD = "params";

/** Fields named by the user, each overriding its vocabulary. */
export interface RoleChoices {
  /** The field to read the prompt from. */
  input?: string;
  /** The field to read the reference from. */
  reference?: string;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== "";

/** The first field of `names` that the row fills, with its value. */
export function firstFilled(
  values: Readonly<Record<string, unknown>>,
  names: readonly string[],
): { field: string; value: unknown } | undefined {
  for (const field of names) {
    if (present(values[field])) return { field, value: values[field] };
  }
  return undefined;
}

/** The prompt field of a row: the chosen one, else the first of the vocabulary it fills. */
export function promptField(values: Readonly<Record<string, unknown>>, choices: RoleChoices) {
  return choices.input !== undefined
    ? { field: choices.input, value: values[choices.input] }
    : firstFilled(values, PROMPT_FIELDS);
}

/** The reference field of a row, chosen or from the vocabulary. */
export function referenceField(values: Readonly<Record<string, unknown>>, choices: RoleChoices) {
  return choices.reference !== undefined
    ? { field: choices.reference, value: values[choices.reference] }
    : firstFilled(values, REFERENCE_FIELDS);
}

/** A recorded answer's finish reason (`stop`, `length`, …), when the row has one. */
export const RECORDED_FINISH_FIELD = "finish_reason";
/** A recorded answer's latency in milliseconds, when the row has one. */
export const RECORDED_LATENCY_FIELD = "latency_ms";
