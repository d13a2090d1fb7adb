import { compare } from "../mod.ts";
const r = await compare("returns-assistant-v2", "returns-assistant-v3", {
  source: "examples/returns-desk.jsonl",
  graders: ["exact", "normalized", "contains", "token-f1", "bleu", "chrf", "rouge-l"],
});
console.log(r.toText());
console.log(r.chart().text);
