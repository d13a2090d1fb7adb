// Removing secrets (API keys) by value from anything that is shown or written: error messages,
// response bodies a server echoed, whole lines of the answers file.

/** What a removed secret is replaced by. */
export const REDACTED = "[redacted]";

/** The forms a secret can take in text: as is, escaped inside JSON, and URL-encoded. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  return [...new Set([secret, json, url])].sort((a, b) => b.length - a.length);
}

/** The redactor used when there is no secret: it changes nothing. */
export const NO_SECRETS = (text: string): string => text;

/**
 * A function that replaces every secret in a text. Secrets shorter than 4 characters are ignored
 * (they would blank ordinary words, and are no real keys).
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const all = [...new Set(secrets.filter((s) => s.length >= 4).flatMap(forms))]
    .sort((a, b) => b.length - a.length);
  if (all.length === 0) return NO_SECRETS;
  return (text) => {
    let out = text;
    for (const s of all) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
    return out;
  };
}

/** Redact every string inside a JSON-like value (a copy; objects and arrays are rebuilt). */
export function redactValue<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = redactValue(v, redact);
    return out as T;
  }
  return value;
}
