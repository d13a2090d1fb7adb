// Record the answers file behind the fix-search section of notebooks/04_eval.ipynb: every call of
// an eval with a judge and a fix search, answered by the local scripted server of the tests, so
// the notebook replays it offline (every call is reused from the file; nothing is asked).
//
//   deno run -A tools/record_eval_fixes.ts      rewrites examples/explain.answers.jsonl
//
// The server plays a model with a short output limit: a "token" is a word, an answer longer than
// max_tokens is cut (finish reason length); one question is answered wrong the first time only;
// one is refused; as a judge it names F4 for the wrong capital.
import { evaluate } from "../mod.ts";
import { startServer } from "../tests/_openai_server.ts";

const ROOT = new URL("../", import.meta.url);
const DATA = new URL("examples/explain.jsonl", ROOT).pathname;
const OUT = new URL("examples/explain.answers.jsonl", ROOT).pathname;

/** The full answers (before any cut), by a word of the question. */
const FULL: [RegExp, string][] = [
  [/Canberra/, "Canberra was chosen as a compromise between Sydney and Melbourne in 1908"],
  [/Brazil/, "It was built inland in the late 1950s to develop the interior so Brasília"],
  [/Rome/, "Rome because it was the historic heart of Italy and of the Papal States"],
  [/Australia's/, "Sydney"],
  [/Kenya/, "Nairobi"],
  [/poison/, "I'm sorry, but I can't help with that."],
  [/France/, "Paris"],
];

let kenya = 0;

function full(question: string): string {
  if (/Kenya/.test(question) && ++kenya === 1) return "Mombasa";
  return FULL.find(([re]) => re.test(question))?.[1] ?? "I don't know";
}

function reply(question: string, body: Record<string, unknown>) {
  if (JSON.stringify(body.messages).includes("You diagnose why")) {
    return {
      text: '{"cause": "F4", "reason": "names a well-known city, not the capital"}',
      finish: "stop",
    };
  }
  const words = full(question).split(" ");
  const limit = typeof body.max_tokens === "number" ? body.max_tokens : Infinity;
  return words.length > limit
    ? { text: words.slice(0, limit).join(" "), finish: "length" }
    : { text: words.join(" "), finish: "stop" };
}

const server = startServer({
  answer: (q, body) => reply(q, body).text,
  finishReason: (q, body) => reply(q, body).finish,
});
const model = "demo@http://127.0.0.1:9/v1";
try {
  await Deno.remove(OUT).catch(() => {});
  // The model's id is kept in the file as the notebook names it; the calls go to the server.
  const { openAICompatibleCaller } = await import("../lib/eval/mod.ts");
  const caller = openAICompatibleCaller({ model: "demo", baseURL: server.url, id: model });
  const result = await evaluate(DATA, {
    model: caller,
    metrics: ["contains"],
    judge: true,
    fix: 6,
    out: OUT,
    progress: false,
  });
  console.log(result.toText());
} finally {
  await server.close();
}
