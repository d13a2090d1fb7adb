// Snapshot (golden) tests of what people read: the text and HTML of the score report, the audit
// report, the interval (counts) result and the eval result on the bundled examples. A change to
// any of them shows up here as a diff to look at; when the change is meant, refresh the files with
//
//   UPDATE_GOLDEN=1 deno test -A tests/golden_test.ts
//
// and read the diff of tests/testdata/golden/ before committing it.
import assert from "node:assert/strict";
import { auditCounts, auditFile, compare, evaluate, score } from "../mod.ts";

const EXAMPLES = new URL("../examples/", import.meta.url);
const GOLDEN = new URL("./testdata/golden/", import.meta.url);
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

/** The first line where two texts differ, with a little context, for a readable failure. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split("\n");
  const e = expected.split("\n");
  for (let i = 0; i < Math.max(a.length, e.length); i++) {
    if (a[i] !== e[i]) {
      return `line ${i + 1}:\n  expected: ${JSON.stringify(e[i])}\n  actual:   ${
        JSON.stringify(a[i])
      }`;
    }
  }
  return "no line differs";
}

async function matchesGolden(name: string, actual: string): Promise<void> {
  const file = new URL(name, GOLDEN);
  if (UPDATE) {
    await Deno.mkdir(GOLDEN, { recursive: true });
    await Deno.writeTextFile(file, actual);
    return;
  }
  let expected: string;
  try {
    expected = await Deno.readTextFile(file);
  } catch {
    throw new Error(`No golden file ${name}: run with UPDATE_GOLDEN=1 to write it`);
  }
  assert.ok(
    actual === expected,
    `${name} differs from its golden file (${firstDifference(actual, expected)}); if the change ` +
      `is meant, refresh with UPDATE_GOLDEN=1 and read the diff`,
  );
}

interface Shown {
  toText(options?: { verbose?: boolean }): string;
  toHTML(): string;
}

/** The default text, the verbose text when it says more, and the HTML. */
async function snapshot(name: string, shown: Shown): Promise<void> {
  const text = shown.toText();
  const verbose = shown.toText({ verbose: true });
  const html = shown.toHTML();
  // Sanity that holds whatever the layout: the views are not empty and HTML is a fragment.
  assert.ok(text.trim().length > 0 && html.trim().startsWith("<"));
  await matchesGolden(`${name}.txt`, text + "\n");
  if (verbose !== text) await matchesGolden(`${name}.verbose.txt`, verbose + "\n");
  await matchesGolden(`${name}.html`, html + "\n");
}

Deno.test("golden: score report of the bundled example, every grader", async () => {
  const report = await score(new URL("returns-desk.jsonl", EXAMPLES).pathname, {
    graders: ["all"],
    name: "returns-desk.jsonl",
    progress: false,
  });
  await snapshot("score_report", report);
});

Deno.test("golden: audit report of the bundled runs", async () => {
  const report = await auditFile(new URL("returns-desk-runs.jsonl", EXAMPLES).pathname, {
    name: "returns-desk-runs.jsonl",
  });
  await snapshot("audit_report", report);
});

Deno.test("golden: interval result from typed counts", async () => {
  const result = auditCounts({ passes: 34, fails: 3, errored: 3 });
  await snapshot("interval_result", result);
});

Deno.test("golden: eval result on recorded answers", async () => {
  const text = await Deno.readTextFile(new URL("capitals.jsonl", EXAMPLES));
  const result = await evaluate({ text, name: "capitals.jsonl" }, {
    metrics: ["exact_match", "f1:0.5"],
    progress: false,
  });
  await snapshot("eval_result", result);
});

Deno.test("golden: compare result of the two versions of the bundled example", async () => {
  const result = await compare("returns-assistant-v2", "returns-assistant-v3", {
    source: {
      text: await Deno.readTextFile(new URL("returns-desk.jsonl", EXAMPLES)),
      name: "returns-desk.jsonl",
    },
    graders: ["exact", "normalized", "token-f1", "bleu", "chrf"],
  });
  await snapshot("compare_result", result);
});
