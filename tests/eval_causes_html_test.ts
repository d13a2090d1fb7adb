// The diagnosis tables on an offline page in Chromium: the bundled recorded run replayed with no
// call made (misses by cause, flagged, verified fixes, per-item search), and a judge whose reason
// carries markup, which must show as text and never run.
import assert from "node:assert/strict";
import { evaluate, offlineHtmlPage } from "../mod.ts";
import { browserMissing, checkHtmlInBrowser } from "./_browser.ts";
import { startServer } from "./_openai_server.ts";

const ROOT = new URL("../", import.meta.url);
const ARTIFACTS = new URL("tests/artifacts/", ROOT);

Deno.test("eval causes HTML: the replayed fix search and a hostile judge reason, in Chromium", async (t) => {
  const missing = browserMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const answers = await Deno.makeTempFile({ suffix: ".jsonl" });
  await Deno.copyFile(new URL("examples/explain.answers.jsonl", ROOT), answers);
  const replayed = await evaluate(new URL("examples/explain.jsonl", ROOT).pathname, {
    model: "demo@http://127.0.0.1:9/v1",
    metrics: ["contains"],
    judge: true,
    fix: 6,
    out: answers,
    retries: 0,
    progress: false,
    env: () => undefined,
  });
  await Deno.remove(answers);
  // Nothing was asked: every call of the run, the judge and the search came from the file.
  assert.equal(replayed.calls.asked, 0);
  assert.deepEqual(replayed.fixes!.calls, { asked: 0, reused: 31, failed: 0 });
  assert.deepEqual(replayed.fixes!.byChange, { raise_max_tokens: 2, raise_max_tokens_more: 1 });

  const hostile =
    '<img src=x onerror="window.__verdict_xss=1"><script>window.__verdict_xss=1</script>';
  const judge = startServer({
    answer: () => JSON.stringify({ cause: "F6", reason: hostile }),
  });
  const model = startServer({ answer: () => `<b>Lyon</b>${hostile}` });
  let judged;
  try {
    judged = await evaluate([{ id: "<x>", question: "Capital of France?", answer: "Paris" }], {
      model: `m@${model.url}`,
      judge: `j@${judge.url}`,
      env: () => undefined,
      progress: false,
    });
  } finally {
    await Promise.all([judge.close(), model.close()]);
  }
  assert.deepEqual(judged.causes, { INFRA: 0, F6: 1 });

  await Deno.mkdir(ARTIFACTS, { recursive: true });
  const path = new URL("eval_causes.html", ARTIFACTS).pathname;
  await Deno.writeTextFile(
    path,
    await offlineHtmlPage({
      title: "eval causes",
      sections: [{ html: replayed.toHTML() }, { html: judged.toHTML() }],
    }),
  );
  await t.step("renders in Chromium, nothing injected runs", async () => {
    const seen = await checkHtmlInBrowser(path, {
      screenshot: new URL("eval_causes.png", ARTIFACTS).pathname,
      // The details (misses, the search item by item) are folded: open them, then read the page.
      probe: 'document.querySelectorAll("details").forEach((d) => d.open = true), ' +
        "document.body.innerText",
    });
    assert.equal(seen.xss, false);
    assert.deepEqual(seen.consoleErrors, []);
    const text = String(seen.probe);
    for (
      const wanted of [
        "Misses by cause (5)",
        "Flagged: passed every metric, but a live check found a failure (1)",
        "Verified fixes (searched on 6 missed or flagged items)",
        "raise_max_tokens_more",
        "F6 Reasoning or arithmetic error",
      ]
    ) assert.ok(text.includes(wanted), wanted);
    assert.ok(text.includes("window.__verdict_xss=1"), "the hostile reason shows as text");
    // metric tables (2) + misses by cause, flagged, fixes, per item, misses (replayed) + misses
    // by cause and misses (judged)
    assert.equal(seen.tables, 9);
  });
});
