// Hostile archives for the tests, built in memory: zip files whose headers lie, whose members
// overlap or inflate without end, and zstd frames of run-length blocks (a few bytes each, 128 KiB
// out). The layout follows the zip and zstd specifications; nothing here decompresses anything.

/** One member to put in an archive. */
export interface Member {
  name: string;
  /** The stored bytes (already compressed for methods 8 and 93). */
  data: Uint8Array;
  /** 0 stored, 8 deflate, 93 zstd. */
  method: 0 | 8 | 93;
  /** The uncompressed size to declare (the truth is not checked here). */
  size: number;
}

const enc = new TextEncoder();

/**
 * A zip archive of `members`. `alias` adds central-directory entries that point at the data of
 * an earlier member (overlapping members).
 */
export function buildZip(
  members: readonly Member[],
  alias: readonly { name: string; of: number }[] = [],
): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  const offsets: number[] = [];
  let offset = 0;
  const entry = (m: Member, localAt: number) => {
    const name = enc.encode(m.name);
    const c = new Uint8Array(46 + name.length);
    const v = new DataView(c.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, 63, true);
    v.setUint16(6, 20, true);
    v.setUint16(10, m.method, true);
    v.setUint32(20, m.data.length, true);
    v.setUint32(24, m.size, true);
    v.setUint16(28, name.length, true);
    v.setUint32(42, localAt, true);
    c.set(name, 46);
    return c;
  };
  for (const m of members) {
    const name = enc.encode(m.name);
    const local = new Uint8Array(30 + name.length);
    const v = new DataView(local.buffer);
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(4, 20, true);
    v.setUint16(8, m.method, true);
    v.setUint32(18, m.data.length, true);
    v.setUint32(22, m.size, true);
    v.setUint16(26, name.length, true);
    local.set(name, 30);
    offsets.push(offset);
    parts.push(local, m.data);
    central.push(entry(m, offset));
    offset += local.length + m.data.length;
  }
  for (const a of alias) central.push(entry({ ...members[a.of], name: a.name }, offsets[a.of]));
  const directoryAt = offset;
  const directorySize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, central.length, true);
  v.setUint16(10, central.length, true);
  v.setUint32(12, directorySize, true);
  v.setUint32(16, directoryAt, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A zstd frame: `head` as a raw block, then `repeats` × 128 KiB of the byte `fill` as
 * run-length blocks (4 bytes each), then `tail` as a raw block.
 */
export function zstdFrame(head: string, fill: string, repeats: number, tail: string): Uint8Array {
  const out: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]; // magic; no size; 2 MiB window
  const block = (type: 0 | 1, size: number, last: boolean) => {
    const h = (size << 3) | (type << 1) | (last ? 1 : 0);
    out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff);
  };
  const raw = (text: string, last: boolean) => {
    const bytes = enc.encode(text);
    block(0, bytes.length, last);
    out.push(...bytes);
  };
  raw(head, false);
  for (let i = 0; i < repeats; i++) {
    block(1, 1 << 17, false);
    out.push(fill.charCodeAt(0));
  }
  raw(tail, true);
  return new Uint8Array(out);
}

/** An Inspect header.json that reads as a finished run. */
export const INSPECT_HEADER = JSON.stringify({
  version: 2,
  status: "success",
  eval: { task: "t", model: "m", packages: { inspect_ai: "0.3.95" } },
  results: { total_samples: 3, completed_samples: 3, scores: [] },
});

/** An Inspect sample with one score. */
export const inspectSample = (id: number, value: string) =>
  JSON.stringify({ id, epoch: 1, scores: { match: { value } } });
