// RE2 (`re2js`) for every pattern that comes from a file: it runs in time linear in the text, so
// no pattern can hang a run. The regex grader's patterns are RE2 syntax; JSON Schema patterns are
// ECMAScript syntax, read through ajv's `code.regExp` hook with their `\u` escapes translated.
import { RE2JS } from "./_re2js.js";
import { quote } from "./_result.ts";

/** Say in plain words why RE2 refuses a pattern. */
export function explainRe2(pattern: string, message: string): string {
  if (/\(\?<?[=!]/.test(pattern)) {
    return `pattern ${quote(pattern)} uses lookaround, which RE2 does not support`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) {
    return `pattern ${quote(pattern)} uses a backreference, which RE2 does not support`;
  }
  return `pattern ${quote(pattern)} is not a valid RE2 pattern: ${message}`;
}

const hex = (s: string) => /^[0-9a-fA-F]+$/.test(s);

/**
 * Rewrite the escapes ECMAScript has and RE2 spells differently: `\uXXXX` (a surrogate pair of
 * them as one code point) and `\u{X…}` become `\x{X…}`. Everything else is left as written.
 */
export function ecmaToRe2(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = pattern[i + 1];
    if (next === "u" && pattern[i + 2] === "{") {
      const end = pattern.indexOf("}", i + 3);
      const digits = end < 0 ? "" : pattern.slice(i + 3, end);
      if (digits !== "" && hex(digits)) {
        out += `\\x{${digits}}`;
        i = end;
        continue;
      }
    }
    if (next === "u" && hex(pattern.slice(i + 2, i + 6)) && pattern.length >= i + 6) {
      let code = parseInt(pattern.slice(i + 2, i + 6), 16);
      let used = 6;
      const low = pattern.slice(i + 6, i + 12);
      if (code >= 0xd800 && code <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(low)) {
        code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low.slice(2), 16) - 0xdc00);
        used = 12;
      }
      out += `\\x{${code.toString(16)}}`;
      i += used - 1;
      continue;
    }
    out += c + (next ?? "");
    i++;
  }
  return out;
}

/** A JSON Schema pattern compiled by RE2; thrown errors name the pattern and why. */
function re2Pattern(
  pattern: string,
  flags: string,
): { test(s: string): boolean; toString(): string } {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(ecmaToRe2(pattern));
  } catch (e) {
    throw new Error(
      `the schema's ${explainRe2(pattern, e instanceof Error ? e.message : String(e))} ` +
        "(schema patterns run on RE2, a linear-time engine)",
    );
  }
  // ajv keeps each compiled pattern under the key `String(regex)` (a RegExp's `/…/u`) and reuses
  // it for every pattern with that key: without a toString of its own, every RE2 pattern of a
  // schema was "[object Object]", and the second pattern ran as the first.
  const key = `/${pattern}/${flags}`;
  return { test: (s: string) => compiled.test(s), toString: () => key };
}

/**
 * ajv's regular-expression engine option (`code: { regExp }`): every `pattern`,
 * `patternProperties` and `propertyNames` pattern runs on RE2.
 */
export const re2Engine: ((pattern: string, flags: string) => { test(s: string): boolean }) & {
  code: string;
} = Object.assign(re2Pattern, { code: "re2Pattern" });
