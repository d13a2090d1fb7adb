import assert from "node:assert/strict";
import { ERROR_KIND_RULES, inferErrorKind } from "./error_kind.ts";

const cases: [string, string][] = [
  ["Request timed out after 60000 ms", "infrastructure"],
  ["TimeoutError: the operation was aborted due to timeout", "infrastructure"],
  ["Error 429: Too Many Requests", "infrastructure"],
  ["rate_limit_exceeded: please retry", "infrastructure"],
  ["API error: status 503", "infrastructure"],
  ["HTTP 502 Bad Gateway", "infrastructure"],
  ["529 overloaded_error", "infrastructure"],
  ["Internal Server Error", "infrastructure"],
  ["fixture provider: simulated upstream crash (ECONNRESET)", "infrastructure"],
  ["Connection refused", "infrastructure"],
  ["curl: (52) Empty reply from server", "infrastructure"],
  ["finish_reason=content_filter", "model"],
  ["The response was blocked by the content management policy", "model"],
  ["model refused to answer", "model"],
  ["Empty response from model", "model"],
  ["not-judged", "grader"],
  ["no-reference", "grader"],
  ["bad-pattern", "grader"],
  ["bad-schema", "grader"],
  ["no-numeric-reference", "grader"],
  ["no-binary-grader", "grader"],
  ["no luck today", "unstated"],
  ["judge model returned unparseable output", "grader"],
  ["grader timed out", "grader"],
  ["invalid regex: unterminated group", "grader"],
  ["invalid_request_error: unsupported parameter", "unstated"],
  ["max 500 tokens exceeded", "unstated"],
  ["", "unstated"],
];

Deno.test("inferErrorKind reads the kind from common error texts", () => {
  const wrong = cases
    .map(([text, kind]) => ({ text, kind, got: inferErrorKind(text) }))
    .filter((c) => c.got !== c.kind);
  assert.deepEqual(wrong, []);
});

Deno.test("every rule is reached by at least one example", () => {
  const used = new Set<number>();
  for (const [text] of cases) {
    const i = ERROR_KIND_RULES.findIndex((r) => r.pattern.test(text));
    if (i >= 0) used.add(i);
  }
  assert.equal(used.size, ERROR_KIND_RULES.length);
});
