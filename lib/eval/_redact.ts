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

/** Rebuild `value` with every string redacted. */
function rebuild<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => rebuild(v, redact)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redact(k)] = rebuild(v, redact);
    return out as T;
  }
  return value;
}

/**
 * Redact every string inside a JSON-like value: a copy with objects and arrays rebuilt when a
 * secret is found in it, else the value itself (one look at its JSON text, which holds every
 * string and key in a form the redactor knows, is cheaper than a copy of every reply).
 */
export function redactValue<T>(value: T, redact: (text: string) => string): T {
  if (redact === NO_SECRETS) return value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Not JSON (a cycle, a BigInt): look at every string.
    return rebuild(value, redact);
  }
  if (text === undefined || redact(text) === text) return value;
  return rebuild(value, redact);
}
