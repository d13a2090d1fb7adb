// Flattening of one level of nested objects into dotted columns.

/** A plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Copy a record and add, for every plain-object field, its members one level deep under dotted
 * names (`metadata.harnessPass`). The object itself stays under its own name.
 */
export function flattenRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] = value;
    if (isPlainObject(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        const dotted = `${key}.${inner}`;
        if (!(dotted in record)) out[dotted] = innerValue;
      }
    }
  }
  return out;
}
