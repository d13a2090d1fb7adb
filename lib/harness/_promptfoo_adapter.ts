// The promptfoo entry of the harness registry: JSON exports, JSON lines and the wide CSV.
import type { FileLook, HarnessAdapter } from "./adapter.ts";
import { documentAsLine } from "./_look.ts";
import { readAllText, readLines } from "./_source.ts";
import { isObj, obj } from "./_values.ts";
import { adaptPromptfooExport, adaptPromptfooJsonl } from "./promptfoo.ts";
import { adaptPromptfooCsv, promptfooCsvGroups } from "./promptfoo_csv.ts";
import { UserTypeError } from "../errors/mod.ts";

/** One result as promptfoo's JSON lines export writes it. */
function isResult(record: unknown): boolean {
  return isObj(record) && typeof record.promptIdx === "number" &&
    typeof record.testIdx === "number" &&
    ("success" in record || "gradingResult" in record || "failureReason" in record);
}

const NOT_A_RESULT = "no promptIdx and testIdx beside success, gradingResult or failureReason";

function isExport(look: FileLook): boolean {
  const results = look.shape === "json" ? obj(obj(look.value)?.results) : undefined;
  return results !== undefined && (Array.isArray(results.results) || isObj(results.stats));
}

/** promptfoo in the harness registry. */
export const PROMPTFOO: HarnessAdapter = {
  title: "promptfoo",
  aliases: [],
  reads: "a promptfoo export (JSON, JSON lines or CSV)",
  shapes: ["json", "json-lines", "csv"],
  takesThresholds: false,
  sniff(look) {
    if (look.shape === "json") {
      if (isExport(look)) return { kind: "export" };
      if (isResult(look.value)) return { kind: "results" };
      return { miss: "no results.results list or results.stats" };
    }
    if (look.shape === "json-lines") {
      return isResult(look.first) ? { kind: "results" } : { miss: `line 1 has ${NOT_A_RESULT}` };
    }
    if (look.shape === "csv") {
      return promptfooCsvGroups(look.header).length > 0
        ? { kind: "export" }
        : { miss: 'no "[provider] prompt", Status, Score column group in the header' };
    }
    return { miss: "not a promptfoo shape" };
  },
  fits(look) {
    if (look.shape === "json") {
      const results = obj(obj(look.value)?.results);
      return results !== undefined && Array.isArray(results.results);
    }
    if (look.shape === "json-lines") return "success" in look.first || "testIdx" in look.first;
    return false;
  },
  async read(file, look, context) {
    if (look.shape === "csv") return adaptPromptfooCsv(await readAllText(file), file.name);
    if (look.shape === "json-lines") return adaptPromptfooJsonl(readLines(file));
    if (look.shape !== "json") {
      throw new UserTypeError(`promptfoo cannot read a ${look.shape} file`);
    }
    return context.kind === "results"
      ? adaptPromptfooJsonl(documentAsLine(look.text))
      : adaptPromptfooExport(obj(look.value) ?? {});
  },
  notes: {
    title: "promptfoo",
    checkedAgainst: "exports written by promptfoo 0.123.1 and the ResultFailureReason enum in " +
      "promptfoo's source (0 none, 1 assertion, 2 error)",
    notes: [
      "success is false both when an assertion fails and when the provider errors; only " +
      "failureReason tells them apart (1 assertion, 2 error). The error text is also filled on " +
      "assertion failures, so verdict never reads errors from it.",
      "An errored row is written with score 0 and no grading result; verdict keeps that 0 as the " +
      "raw grade but gives the row no score.",
      "A grader that returns NaN is written with a null score (kept here as a NaN score). In " +
      "0.123.1 such a row could not be saved, so the JSON and CSV exports lack it while stats " +
      "still count it; the JSON lines export keeps it.",
      "A JavaScript assertion that throws is recorded as a failed assertion whose reason starts " +
      '"Custom function threw error"; verdict marks it as an unparsed grade. An empty output is ' +
      "an ordinary assertion failure.",
      "stats count successes, failures and errors apart. The declared rate is successes ÷ " +
      "(successes + failures + errors): errors stay in the denominator, the all-attempted " +
      "reading. Per prompt, metrics.score is a sum of row scores, not a rate.",
    ],
  },
};
