// Filling a prompt template from a dataset row: `{field}` takes the field's value (text as is,
// anything else as JSON); `{{` and `}}` are literal braces.

/** The filled text, or the first field the row lacks. */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
): string | { missing: string } {
  let missing: string | undefined;
  const out = template.replace(/\{\{|\}\}|\{([^{}]+)\}/g, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    const field = name!.trim();
    // Own fields only: `{constructor}` names a field of the row, never Object's function.
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    if (value === undefined || value === null) {
      missing ??= field;
      return whole;
    }
    return typeof value === "string" ? value : JSON.stringify(value);
  });
  return missing === undefined ? out : { missing };
}
