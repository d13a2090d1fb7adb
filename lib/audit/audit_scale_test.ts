import assert from "node:assert/strict";
import { auditFile } from "./audit_file.ts";

// A scored file as score --scored writes it: BLEU, chrF and TER sentence scores are fractions.
const SCORED = "item,system,repeat,scorer,score,pass\n" +
  ["bleu", "chrf", "ter", "rating"].flatMap((g) =>
    [0.5, 0.6, 0.601].map((s, i) => `q${i},v1,0,${g},${s},`)
  ).join("\n") + "\n";

Deno.test("audit: BLEU, chrF and TER means read on the 0–100 scale in text and HTML, fractions in JSON", async () => {
  const report = await auditFile({ text: SCORED, name: "scored.csv" });
  const text = report.toText({ verbose: true });
  for (const g of ["bleu", "chrf", "ter"]) {
    const line = text.split("\n").find((l) => l.includes(g) && /mean/.test(l)) ?? "";
    assert.match(line, /mean 56\.70 \(0–100, n=3\)/, `${g}: ${line}`);
  }
  assert.doesNotMatch(text, /mean 0\.567 \(0–100\)/);
  assert.match(text, /rating.*mean 0\.567 \(n=3\)/, "other graders keep their own scale");
  assert.match(text, /\[50\.00, 60\.10\] \(0–100\)/, "the interval on the same scale");
  const html = await report.htmlPage();
  assert.match(html, /mean 56\.70 \(0–100\)/);
  const json = report.toJSON();
  const bleu = json.groups.find((g) => g.grader === "bleu")!;
  assert.ok(Math.abs(bleu.scoreMean!.mean - 0.567) < 1e-12, "JSON keeps the fraction");
});
