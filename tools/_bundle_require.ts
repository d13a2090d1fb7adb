// The bundle's own `require` for the CommonJS packages inside it (see tools/bundle.ts): the
// `createRequire(import.meta.url)` that `deno bundle` writes becomes a function that serves each
// Node built-in the bundle names from a static import and `debug` with verdict's silent logger.

/** What `deno bundle` writes at the top of a bundle whose CommonJS code calls `require`. */
const CREATE_REQUIRE =
  /import \{ createRequire as (\w+) \} from "node:module";\nvar __require = \1\(import\.meta\.url\);\n/;

/**
 * The bundle's text with `createRequire(import.meta.url)` replaced by a `require` that needs no
 * file URL. Throws a TypeError naming what it cannot serve.
 */
export function requireShim(bundle: string): string {
  const found = CREATE_REQUIRE.exec(bundle);
  if (!found) {
    if (/__require\(/.test(bundle)) {
      throw new TypeError("the bundle calls __require, but not through the expected createRequire");
    }
    return bundle;
  }
  const rest = bundle.replace(found[0], "");
  const calls = [...rest.matchAll(/\b__require\b(\()?("[^"]*")?/g)];
  const names = new Set<string>();
  for (const call of calls) {
    if (!call[1] || !call[2]) {
      throw new TypeError(`the bundle uses __require other than as __require("name"): ${call[0]}`);
    }
    names.add(JSON.parse(call[2]));
  }
  const builtins = [...names].filter((n) => n.startsWith("node:")).sort();
  const other = [...names].filter((n) => !n.startsWith("node:") && n !== "debug");
  if (other.length > 0) {
    throw new TypeError(`the bundle requires modules it does not contain: ${other.join(", ")}`);
  }
  const imports = builtins.map((n, i) =>
    `import __verdict_builtin${i} from ${JSON.stringify(n)};\n`
  )
    .join("");
  // `yaml` takes the view of process that lib/eval/_quiet_yaml.ts makes (no --allow-env needed).
  const quiet = 'globalThis[Symbol.for("verdict.quietYaml.process")] ?? ';
  const cases = builtins.map((n, i) =>
    `    case ${JSON.stringify(n)}: return ${
      n === "node:process" ? quiet : ""
    }__verdict_builtin${i};\n`
  ).join("");
  const shim = `${imports}var __require = (name) => {
  switch (name) {
${cases}    case "debug": return globalThis[Symbol.for("verdict.silentDebug.logger")];
  }
  throw new Error(\`verdict's bundle cannot load "\${name}"\`);
};
`;
  return bundle.replace(found[0], shim);
}
