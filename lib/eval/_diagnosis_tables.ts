// The diagnosis part of an eval result: misses by main cause, flagged items, what the judge did,
// and the verified fixes — as counts for JSON and as tables for text, HTML and notebooks.
import type { Table } from "../render/table.ts";
import { plural } from "../render/format.ts";
import { CAUSE_IDS, type CauseId, causeLabel, mainCause } from "./causes.ts";
import type { FixSummary } from "./fix_search.ts";
import type { JudgeSummary } from "./judge.ts";
import type { ItemResult } from "./types.ts";

/** The key of a miss in the cause counts: its main cause, `none`, or `not-judged`. */
export function missKey(item: ItemResult): CauseId | "none" | "not-judged" {
  const main = mainCause(item.causes);
  if (main) return main;
  return item.judged && "notJudged" in item.judged ? "not-judged" : "none";
}

/** Misses counted once each by main cause (`INFRA` always present), in registry order. */
export function countCauses(items: readonly ItemResult[]): Record<string, number> {
  const counts = new Map<string, number>([["INFRA", 0]]);
  for (const item of items) {
    if (!item.missed) continue;
    const key = missKey(item);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const order = [...CAUSE_IDS, "none", "not-judged"];
  return Object.fromEntries([...counts].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])));
}

const label = (key: string) =>
  key === "none"
    ? "none found"
    : key === "not-judged"
    ? "not judged (cause unknown)"
    : causeLabel(key as CauseId);

/** The "Misses by cause" table: main cause, misses, and misses where it was found beside another. */
export function causesTable(
  items: readonly ItemResult[],
  causes: Record<string, number>,
  judge: JudgeSummary | null,
): Table {
  const missed = items.filter((i) => i.missed);
  const beside = (key: string) =>
    missed.filter((i) => i.causes.includes(key as CauseId) && missKey(i) !== key).length;
  // Every cause that is some miss's main cause, or was found beside another main cause.
  const keys = [...CAUSE_IDS, "none", "not-judged"].filter((k) =>
    (causes[k] ?? 0) > 0 || (k !== "none" && k !== "not-judged" && beside(k) > 0)
  );
  const besides = keys.map((k) => k === "none" || k === "not-judged" ? 0 : beside(k));
  const shown = besides.some((b) => b > 0);
  const rows = keys.map((k, i) =>
    shown
      ? [label(k), causes[k] ?? 0, k === "none" || k === "not-judged" ? "" : besides[i]]
      : [label(k), causes[k] ?? 0]
  );
  const notes = [
    `each miss counted once, under its main cause: the first of ${CAUSE_IDS.join(" > ")} ` +
    "(causes: docs/causes.md)",
    ...(shown ? ["also found: misses where the cause was found beside another main cause"] : []),
  ];
  if (judge) {
    notes.push(
      `judge ${judge.model}: asked about ${
        plural(judge.asked, "miss", "misses")
      } no free check explained, ` +
        `judged ${judge.judged}, not judged ${judge.notJudged}` +
        (judge.notJudged > 0
          ? ` (${judge.notJudgedBy.error} call error, ${judge.notJudgedBy.malformed} malformed ` +
            `reply, ${judge.notJudgedBy.limit} used-up limit)`
          : "") +
        `; ${plural(judge.calls.asked, "call")} made, ${judge.calls.reused} reused`,
    );
  } else {
    notes.push("no judge: misses that no free check explains stay under none found (--judge)");
  }
  return {
    caption: `Misses by cause (${missed.length})`,
    columns: shown ? ["cause", "misses", "also found"] : ["cause", "misses"],
    rows,
    numeric: shown ? [1, 2] : [1],
    notes,
  };
}

/** Flagged items: passed every metric, but a live check found a failure. */
export function flaggedTable(items: readonly ItemResult[], maxChars = 80): Table {
  const flagged = items.filter((i) => i.flag);
  return {
    caption: `Flagged: passed every metric, but a live check found a failure (${flagged.length})`,
    columns: ["id", "cause", "what the check found"],
    rows: flagged.map((i) => [
      i.id,
      causeLabel(i.flag!),
      clip(i.findings.map((f) => f.detail).join("; "), maxChars),
    ]),
    numeric: [],
  };
}

const clip = (s: string, n: number) => s.length > n ? s.slice(0, n) + "…" : s;

/** The "Verified fixes" table: how many items each change fixed, and the other outcomes. */
export function fixesTable(fixes: FixSummary): Table {
  const count = (o: string) => fixes.items.filter((i) => i.outcome === o).length;
  const rows: unknown[][] = Object.entries(fixes.byChange).map(([change, n]) => [change, n]);
  if (count("not-repeatable") > 0) {
    rows.push(["not repeatable (a plain retry passed)", count("not-repeatable")]);
  }
  if (count("no-fix") > 0) rows.push(["no verified fix", count("no-fix")]);
  if (count("incomplete") > 0) {
    rows.push(["incomplete (plain retries failed)", count("incomplete")]);
  }
  const c = fixes.calls;
  const skipped = [
    fixes.skipped.overLimit > 0
      ? `${plural(fixes.skipped.overLimit, "more item", "more items")} past the limit`
      : "",
    fixes.skipped.failedCalls > 0
      ? `${plural(fixes.skipped.failedCalls, "failed call")} left out (INFRA: not the model's miss)`
      : "",
  ].filter(Boolean);
  return {
    caption: `Verified fixes (searched on ${plural(fixes.searched, "missed or flagged item")})`,
    columns: ["change", "items"],
    rows,
    numeric: [1],
    notes: [
      `rule: ${fixes.rule}`,
      `search calls: ${c.asked} made, ${c.reused} reused from the answers file, ${c.failed} failed`,
      ...(skipped.length > 0 ? [`not searched: ${skipped.join("; ")}`] : []),
    ],
  };
}

/** One row per searched item: cause, outcome, retries, the change and every change tried. */
export function fixItemsTable(fixes: FixSummary): Table {
  return {
    caption: "Fix search per item",
    columns: ["id", "cause", "outcome", "plain retry", "fix", "with fix", "changes tried"],
    rows: fixes.items.map((i) => [
      i.flagged ? `${i.id} (flagged)` : i.id,
      i.cause,
      i.outcome,
      `${i.retry.passed}/${i.retry.tries}`,
      i.change ?? "",
      i.withChange ? `${i.withChange.passed}/${i.withChange.tries}` : "",
      i.tried.length === 0
        ? i.outcome === "no-fix" ? "no change fits this cause" : ""
        : i.tried.map((t) =>
          `${t.change} ${t.passed}/${t.tries}${
            t.broke.length > 0 ? ` (broke ${t.broke.join(", ")})` : ""
          }`
        ).join("; "),
    ]),
    numeric: [],
  };
}
