/**
 * JSON that can sit inside an HTML `<script>` element.
 *
 * @module
 */

const UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * Serialize a value as JSON that is safe to place inside `<script>…</script>`: `<`, `>` and `&`
 * become `\u003c`, `\u003e` and `\u0026`, so no `</script>` or `<!--` can end or confuse the
 * element, and U+2028/U+2029 are escaped for older JavaScript parsers. The result is still valid
 * JSON and parses back to the same value. Non-finite numbers become `null`, as in `JSON.stringify`.
 *
 * @example A label that tries to close the script element stays inside it
 * ```ts
 * import { jsonForScript } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const label = "</script><img src=x onerror=alert(1)>";
 * const json = jsonForScript({ label });
 * assert.ok(!json.includes("<"));
 * assert.deepEqual(JSON.parse(json), { label });
 * ```
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("Cannot serialize value for a script: not JSON");
  return json.replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c]);
}
