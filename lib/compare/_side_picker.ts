// Which side a row of a source belongs to, from its version.
import { UserTypeError } from "../errors/mod.ts";
import type { Side } from "./_collect.ts";

/** How a source's rows are split between the two sides. */
export type SideRule =
  /** One source holds both versions: rows of `a` go to a, of `b` to b, the rest nowhere. */
  | { kind: "both"; a: string; b: string }
  /** A source for one side: rows of `version` (or of its only version) go to `side`. */
  | { kind: "one"; side: "a" | "b"; version?: string };

/** Picks each row's side and remembers the versions seen (in order of first appearance). */
export class SidePicker {
  readonly #rule: SideRule;
  readonly #name: string;
  readonly versions: string[] = [];

  constructor(rule: SideRule, name: string) {
    this.#rule = rule;
    this.#name = name;
  }

  /** The side of a row of this version; null for a version the comparison does not use. */
  pick(version: string): Side {
    if (!this.versions.includes(version)) {
      this.versions.push(version);
      const r = this.#rule;
      if (r.kind === "one" && r.version === undefined && this.versions.length > 1) {
        throw new UserTypeError(
          `Cannot compare "${this.#name}": it holds several versions ` +
            `(${
              this.versions.map((v) => JSON.stringify(v)).join(", ")
            }); name the one to compare ` +
            `(compare({ source, version }, …) or --versions)`,
        );
      }
    }
    const r = this.#rule;
    if (r.kind === "both") return version === r.a ? "a" : version === r.b ? "b" : null;
    return r.version === undefined || r.version === version ? r.side : null;
  }

  /** The version this source gave its side (the one named, or the only one seen). */
  version(): string | undefined {
    const r = this.#rule;
    if (r.kind === "both") return undefined;
    return r.version ?? this.versions[0];
  }
}
