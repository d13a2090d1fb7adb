// Building record objects safely, and flattening one level of nested objects into dotted columns.

/** A plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Set a field as the object's own property. A plain assignment of `__proto__` would replace the
 * object's prototype instead (a file may well have a column of that name).
 */
export function setField(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    record[key] = value;
  }
}

/** A field's value when the record has it as its own property (never one of Object's methods). */
export function ownField(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Copy a record and add, for every plain-object field, its members one level deep under dotted
 * names (`metadata.harnessPass`). The object itself stays under its own name.
 */
export function flattenRecord(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    setField(out, key, value);
    if (isPlainObject(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        const dotted = `${key}.${inner}`;
        if (!Object.hasOwn(record, dotted)) setField(out, dotted, innerValue);
      }
    }
  }
  return out;
}

/**
 * {@link flattenRecord} for a record nothing else holds (one just parsed): when no field is a
 * plain object there is nothing to add, and the record itself is returned instead of a copy
 * with the same fields in the same order.
 */
export function flattenOwnedRecord(record: Record<string, unknown>): Record<string, unknown> {
  const values = Object.values(record);
  for (let i = 0; i < values.length; i++) {
    if (isPlainObject(values[i])) return flattenRecord(record);
  }
  return record;
}
