// An edit for the bundle of @pkgjs/parseargs (tools/bundle_cjs.ts). The package carries a copy of
// Node's `primordials`: when it loads, it copies every static and prototype property of 34
// built-ins (Array, ArrayBuffer, BigInt … WeakSet) into one object, ~2–3 ms of every command's
// start-up, for the ~25 names the package uses. The edit shortens that list of built-ins to the
// ones whose copies some code takes: a built-in stays when an identifier the bundle destructures
// from the primordials, or reads as `primordials.X`, is the built-in's name or starts with it
// (`ArrayPrototypeSlice` keeps Array, `SymbolIterator` keeps Symbol). Each kept built-in is still
// copied whole, by the package's own code; nothing else changes.

/** The list statement the edit shortens: the built-ins copied with their prototypes. */
const LIST = new RegExp(
  String.raw`\[\n((?:\s+"[A-Za-z0-9]+",?\n)+)\s+\]\.forEach\(\(name\) => \{\n` +
    String.raw`\s+const original = global\[name\];\n\s+primordials\[name\] = original;\n` +
    String.raw`\s+copyPropsRenamed\(original, primordials, name\);`,
  "g",
);

/** Identifiers the bundle takes from the primordials (destructured, or read as properties). */
function usedNames(text: string): Set<string> {
  const used = new Set<string>();
  const patterns = /var \{([^}]*)\} = (?:require_primordials\(\)|primordials);/g;
  for (const [, fields] of text.matchAll(patterns)) {
    for (const field of fields.split(",")) {
      const name = field.split(":")[0].trim();
      if (name !== "") used.add(name);
    }
  }
  for (const [, name] of text.matchAll(/\bprimordials\.([A-Za-z0-9_]+)/g)) used.add(name);
  return used;
}

/**
 * `text` with the copied built-ins cut to those some used name needs. Throws when the list is not
 * found exactly once, or when no used name needs any of its built-ins (the bundle's shape is not
 * what this edit knows).
 */
export function trimPrimordials(text: string): string {
  const lists = [...text.matchAll(LIST)];
  if (lists.length !== 1) {
    throw new Error(`expected one list of built-ins in the primordials, found ${lists.length}`);
  }
  const [whole, body] = lists[0];
  const builtins = [...body.matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
  const used = usedNames(text);
  // The longest built-in a name starts with (followed by its end or a capital): its owner.
  const owner = (name: string) =>
    builtins.filter((b) =>
      name === b || (name.startsWith(b) && /^[A-Z]/.test(name.slice(b.length)))
    )
      .sort((a, b) => b.length - a.length)[0];
  const kept = new Set<string>();
  for (const name of used) {
    const b = owner(name);
    if (b !== undefined) kept.add(b);
  }
  if (kept.size === 0) throw new Error("no used name needs a copied built-in: check the edit");
  const indent = /^(\s+)"/m.exec(body)![1];
  const list = builtins.filter((b) => kept.has(b)).map((b) => `${indent}"${b}"`).join(",\n");
  return text.replace(whole, whole.replace(body, `${list}\n`));
}
