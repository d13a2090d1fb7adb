// The OpenAI Evals entry of the harness registry: API output-item lists, runs, and the
// dashboard's JSON lines export.
import type { FileLook, HarnessAdapter } from "./adapter.ts";
import { documentAsLine } from "./_look.ts";
import { readLines } from "./_source.ts";
import { isObj, type Obj, obj } from "./_values.ts";
import { adaptOpenAiEvalsDocument, adaptOpenAiEvalsJsonl } from "./openai_evals.ts";
import { UserTypeError } from "../errors/mod.ts";

function isDashboardItem(record: Obj): boolean {
  return typeof record.run_id === "string" && (isObj(record.grades) || isObj(record.passes));
}

function documentKind(doc: Obj): string | undefined {
  if (doc.object === "list" && Array.isArray(doc.data)) {
    const kinds = new Set(doc.data.map((d) => obj(d)?.object));
    if (kinds.has("eval.run.output_item")) return "output-items";
    if (kinds.has("eval.run")) return "runs";
  }
  if (doc.object === "eval.run") return "run";
  if (doc.object === "eval.run.output_item") return "output-items";
  if (isDashboardItem(doc)) return "dashboard";
  return undefined;
}

function recordKind(look: FileLook): string | undefined {
  if (look.shape !== "json-lines") return undefined;
  if (look.first.object === "eval.run.output_item") return "output-items";
  return isDashboardItem(look.first) ? "dashboard" : undefined;
}

/** The OpenAI Evals API in the harness registry. */
export const OPENAI_EVALS: HarnessAdapter = {
  title: "OpenAI Evals API",
  aliases: ["openai"],
  reads: "an OpenAI Evals export",
  shapes: ["json", "json-lines"],
  takesThresholds: false,
  sniff(look) {
    if (look.shape === "json-lines") {
      const kind = recordKind(look);
      return kind
        ? { kind }
        : { miss: "line 1 is neither an eval.run.output_item nor a run_id with grades or passes" };
    }
    const doc = look.shape === "json" ? obj(look.value) : undefined;
    const kind = doc && documentKind(doc);
    return kind ? { kind } : {
      miss: 'object is not "eval.run", "eval.run.output_item" or a list of them, and there is ' +
        "no run_id with grades or passes",
    };
  },
  fits(look) {
    if (look.shape === "json-lines") return "run_id" in look.first;
    const doc = look.shape === "json" ? obj(look.value) : undefined;
    return doc !== undefined && ((doc.object === "list" && Array.isArray(doc.data)) ||
      doc.object === "eval.run" || doc.object === "eval.run.output_item");
  },
  read(file, look, context) {
    if (look.shape === "json-lines") return adaptOpenAiEvalsJsonl(readLines(file));
    if (look.shape !== "json") {
      throw new UserTypeError(`openai-evals cannot read a ${look.shape} file`);
    }
    return context.kind === "dashboard"
      ? adaptOpenAiEvalsJsonl(documentAsLine(look.text))
      : Promise.resolve(adaptOpenAiEvalsDocument(obj(look.value) ?? {}));
  },
  notes: {
    title: "OpenAI Evals API",
    checkedAgainst: "the examples and schemas of openai-openapi openapi.json at commit f85dbe22, " +
      "and promptfoo's importer fixtures for the dashboard export",
    notes: [
      "result_counts keep passed, failed and errored apart; the declared rate is passed ÷ " +
      "total, with errored items in the denominator (all attempted).",
      "An output item whose sample.error is set is errored. The list endpoint's status filter " +
      "takes only pass or fail, so a filtered export leaves errored items out, and a page with " +
      "has_more true is not the whole run.",
      "According to OpenAI's graders guide (as summarised in verdict's product notes, not " +
      "re-checked here), score_model graders give 0 to non-numeric model output and python " +
      "graders give 0 when the script raises: such rows look like real failures.",
    ],
  },
};
