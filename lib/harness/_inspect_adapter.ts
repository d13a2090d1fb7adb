// The Inspect AI entry of the harness registry: `.eval` zip logs and `.json` logs.
import type { HarnessAdapter } from "./adapter.ts";
import { isObj, obj } from "./_values.ts";
import { adaptInspectEval, adaptInspectJson } from "./inspect.ts";
import { openZip } from "./zip.ts";

/** Inspect AI in the harness registry. */
export const INSPECT: HarnessAdapter = {
  title: "Inspect AI",
  aliases: ["inspect_ai", "inspect-ai"],
  reads: "an Inspect AI log (.eval zip or .json)",
  shapes: ["zip", "json"],
  takesThresholds: false,
  sniff(look) {
    // Any zip is taken as an .eval log; one without Inspect's members is refused while reading.
    if (look.shape === "zip") return { kind: "log" };
    const doc = look.shape === "json" ? obj(look.value) : undefined;
    const spec = obj(doc?.eval);
    if (doc && typeof doc.version === "number" && spec && ("task" in spec || "model" in spec)) {
      return { kind: "log" };
    }
    return { miss: "no numeric version beside an eval object naming a task or model" };
  },
  fits(look) {
    return look.shape === "zip" || (look.shape === "json" && isObj(obj(look.value)?.eval));
  },
  async read(file, look) {
    if (look.shape === "zip") {
      return adaptInspectEval(await openZip(file), file.name, file.limits);
    }
    return adaptInspectJson(look.shape === "json" ? obj(look.value) ?? {} : {});
  },
  notes: {
    title: "Inspect AI",
    checkedAgainst: "value_to_float in inspect_ai/scorer/_metric.py (source at commit 03ed3dda), " +
      "CHANGELOG 0.3.223, and logs written by inspect_ai 0.3.42 to 0.3.208",
    notes: [
      "A NaN score value is Inspect's sign for an unscored sample (Score.unscored). Logs that " +
      "carry scored_samples and unscored_samples per scorer left NaN samples out of the " +
      "metrics: the scored-only reading.",
      "value_to_float (used by accuracy and mean) turns C into 1, P into 0.5, I and N into 0, " +
      "casts numbers and booleans, reads yes/no/true/false and numeric strings, and returns 0 " +
      "with only a logged warning for anything else (lists, dicts, unknown text); since 0.3.223 " +
      'the strings "nan" and "inf" are among those zeroed. An unreadable grade therefore counts ' +
      "as a failure; the raw grade is kept for the zeroing check.",
      "A sample with error set is errored even when it also carries scores (score_on_error, or " +
      "a scorer that ran before another raised). completed_samples leaves errored samples out.",
      "Metrics reduce each sample's epochs first (mean by default), so accuracy weighs every " +
      "sample once; verdict keeps one row per sample × epoch.",
    ],
  },
};
