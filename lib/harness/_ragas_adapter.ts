// The Ragas entry of the harness registry: to_pandas() exports as CSV, JSON records (array or
// lines), and JSON documents in the columns (to_dict, to_json), split or index layouts.
import { openRecords } from "../io/open_records.ts";
import type { FileLook, HarnessAdapter } from "./adapter.ts";
import { candidateColumns, ragasMiss } from "./_ragas_columns.ts";
import { fileStream, type OpenedFile } from "./_source.ts";
import { arr, isObj, type Obj, obj } from "./_values.ts";
import { adaptRagasTable, type RagasRecord } from "./ragas.ts";

/** The layout of a JSON document and its columns, or why it is none of them. */
export function documentLayout(doc: Obj): { kind: string; columns: string[] } | { miss: string } {
  if (Array.isArray(doc.columns) && Array.isArray(doc.data)) {
    return { kind: "split", columns: doc.columns.map(String) };
  }
  const values = Object.values(doc);
  if (values.length > 0 && values.every(isObj)) {
    const columns = Object.keys(doc);
    if (!ragasMiss(columns)) return { kind: "columns", columns };
    const inner = Object.keys(values[0] as Obj);
    if (!ragasMiss(inner)) return { kind: "index", columns: inner };
    return { miss: ragasMiss(columns)! };
  }
  return { miss: "not a table of Ragas columns in the columns, split or index layout" };
}

function columnsOf(look: FileLook): { kind: string; columns: string[] } | { miss: string } {
  switch (look.shape) {
    case "csv":
      return { kind: "table", columns: look.header };
    case "json-lines":
      return { kind: "records", columns: Object.keys(look.first) };
    case "json-array":
      return isObj(look.first)
        ? { kind: "records", columns: Object.keys(look.first) }
        : { miss: "its first element is not an object" };
    case "json":
      return isObj(look.value) ? documentLayout(look.value) : { miss: "not an object" };
    default:
      return { miss: "not a Ragas shape" };
  }
}

/** Records of a JSON document in the columns, split or index layout. */
export function* documentRecords(doc: Obj, kind: string): Generator<RagasRecord> {
  if (kind === "split") {
    const columns = arr(doc.columns).map(String);
    const index = arr(doc.index);
    for (const [i, data] of arr(doc.data).entries()) {
      const values = Array.isArray(data)
        ? Object.fromEntries(columns.map((c, j) => [c, data[j]]))
        : undefined;
      yield { row: i + 1, values, id: index[i] === undefined ? String(i) : String(index[i]) };
    }
    return;
  }
  const outer = Object.entries(doc);
  if (kind === "index") {
    for (const [i, [id, value]] of outer.entries()) {
      const values = obj(value);
      yield {
        row: i + 1,
        values,
        id,
        problem: values ? undefined : `index ${id} is not an object`,
      };
    }
    return;
  }
  const ids = [...new Set(outer.flatMap(([, column]) => Object.keys(column as Obj)))];
  for (const [i, id] of ids.entries()) {
    const values = Object.fromEntries(outer.map(([c, column]) => [c, (column as Obj)[id]]));
    yield { row: i + 1, values, id };
  }
}

/** Records of a CSV, JSON lines or JSON array file, streamed through io. */
export async function* streamedRecords(
  file: OpenedFile,
  format: "csv" | "jsonl" | "json-array",
): AsyncGenerator<RagasRecord> {
  const records = await openRecords(fileStream(file), { format, name: file.name });
  for await (const r of records) {
    yield { row: r.row, values: r.values, problem: r.problem?.message };
  }
}

/** Ragas in the harness registry. */
export const RAGAS: HarnessAdapter = {
  title: "Ragas",
  aliases: [],
  reads: "a Ragas result table (to_pandas() saved as CSV or JSON)",
  shapes: ["csv", "json", "json-array", "json-lines"],
  takesThresholds: true,
  sniff(look) {
    const found = columnsOf(look);
    if ("miss" in found) return found;
    const miss = ragasMiss(found.columns);
    return miss ? { miss } : { kind: found.kind };
  },
  fits(look) {
    const found = columnsOf(look);
    return !("miss" in found) && candidateColumns(found.columns).length > 0;
  },
  read(file, look, context) {
    const base = context.name.split(/[\\/]/).pop() || context.name;
    const options = { label: base, name: context.name, thresholds: context.thresholds };
    if (look.shape === "json") {
      const doc = obj(look.value) ?? {};
      const found = documentLayout(doc);
      const kind = "kind" in found ? found.kind : "columns";
      return adaptRagasTable(documentRecords(doc, kind), options);
    }
    const format = look.shape === "csv"
      ? "csv"
      : look.shape === "json-lines"
      ? "jsonl"
      : "json-array";
    return adaptRagasTable(streamedRecords(file, format), options);
  },
  notes: {
    title: "Ragas",
    checkedAgainst:
      "ragas' evaluate(), Executor and EvaluationResult (to_pandas, safe_nanmean) as " +
      "described in verdict's fixture notes for 0.4.0 and 0.1.11, and exports written by ragas " +
      "0.3.6 and 0.4.3",
    notes: [
      "Ragas writes no results file and no thresholds: a file is the user's to_pandas() export, " +
      "one row per sample and one column per metric. Without a threshold per metric there is " +
      "no verdict, so verdict reports each metric's mean over its scored rows with the count " +
      "beside it; with thresholds it reports the pass rate three ways.",
      "A metric that raised is written as NaN (with raise_exceptions=False, the default of " +
      "current versions; the exception text is only logged), and some metrics return NaN by design when the " +
      "answer gives them nothing to judge. A NaN can therefore mean errored or undefined; the " +
      "file cannot tell which. verdict counts every NaN as unscored and never drops it.",
      "Ragas' printed summary (safe_nanmean) skips NaN silently, so its mean of a metric can " +
      "rest on a few of many rows without saying so; verdict's mean is the same number with " +
      "the count behind it.",
      "pandas writes NaN as an empty CSV cell, as a bare NaN token through json.dump, and as " +
      "null through to_json(); all three are NaN here. Rows carry no id: the case is the " +
      "pandas index when the file kept it, else the row's position from 0.",
    ],
  },
};
