// Writes large synthetic results files for the benchmarks (not committed; made on demand).

const WORDS = ["refund", "label", "box", "store", "credit", "days", "receipt", "order", "the", "a"];

function sentence(i: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(WORDS[(i * 7 + k * 3) % WORDS.length]);
  return out.join(" ");
}

/** One synthetic results row; a few outputs carry commas, quotes and newlines on purpose. */
export function syntheticRow(i: number): Record<string, unknown> {
  const output = i % 17 === 0
    ? `"${sentence(i, 6)}",\nsecond line`
    : i % 5 === 0
    ? sentence(i, 8).toUpperCase()
    : sentence(i, 8);
  return {
    id: `case-${i % 100_000}`,
    version: `v${Math.floor(i / 100_000)}`,
    output,
    expected: sentence(i, 8),
    metadata: { shard: i % 13, note: "synthetic" },
  };
}

/** Write `rows` synthetic rows as JSON lines and CSV under `dir`; returns the paths. */
export async function writeSynthetic(
  dir: string,
  rows: number,
): Promise<{ jsonl: string; csv: string }> {
  const jsonl = `${dir}/synthetic-${rows}.jsonl`;
  const csv = `${dir}/synthetic-${rows}.csv`;
  const enc = new TextEncoder();
  const fj = await Deno.open(jsonl, { write: true, create: true, truncate: true });
  const fc = await Deno.open(csv, { write: true, create: true, truncate: true });
  await fc.write(enc.encode("id,version,output,expected,metadata.shard\n"));
  const quote = (s: string) => /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  let bj = "";
  let bc = "";
  for (let i = 0; i < rows; i++) {
    const r = syntheticRow(i);
    bj += JSON.stringify(r) + "\n";
    const m = r.metadata as { shard: number };
    bc += [r.id, r.version, r.output, r.expected, m.shard].map((v) => quote(String(v))).join(",") +
      "\n";
    if (bj.length > 1 << 20) {
      await fj.write(enc.encode(bj));
      await fc.write(enc.encode(bc));
      bj = bc = "";
    }
  }
  await fj.write(enc.encode(bj));
  await fc.write(enc.encode(bc));
  fj.close();
  fc.close();
  return { jsonl, csv };
}
