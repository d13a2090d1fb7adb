// Harness files built to hurt: Inspect .eval archives whose members inflate to gigabytes (zstd
// and deflate), whose headers lie about sizes, whose members overlap; a gzip bomb given to the
// CLI; the audit's sniffer on 280,000 leading newlines. Each finishes within a generous timeout
// with exact reasons; peak memory is measured in bench/hostile_process.ts, not asserted here.
import assert from "node:assert/strict";
import { deflateRawSync, gzipSync } from "node:zlib";
import { auditFile, isUserError, readHarnessFile, tryAuditHarnessFile } from "../mod.ts";
import { ROOT_DIR, runProcess } from "./_capture.ts";
import {
  buildZip,
  INSPECT_HEADER,
  inspectSample,
  type Member,
  zstdFrame,
} from "./_hostile_archives.ts";

const enc = new TextEncoder();
const stored = (name: string, text: string): Member => {
  const data = enc.encode(text);
  return { name, data, method: 0, size: data.length };
};

async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await work();
  assert.ok(performance.now() - started < ms, `took ${performance.now() - started} ms`);
  return out;
}

Deno.test("Inspect .eval: a zstd sample that inflates to 2 GiB is left out as too-large; the others are read", async () => {
  // 16,384 run-length blocks of 128 KiB: 64 KiB of archive, 2 GiB inflated.
  const bomb = zstdFrame('{"id": 2, "epoch": 1, "x": "', "a", 16_384, '"}');
  const bytes = buildZip([
    stored("header.json", INSPECT_HEADER),
    stored("samples/1_epoch_1.json", inspectSample(1, "C")),
    { name: "samples/2_epoch_1.json", data: bomb, method: 93, size: 100 },
    stored("samples/3_epoch_1.json", inspectSample(3, "I")),
  ]);
  const result = await within(60_000, () => readHarnessFile({ bytes, name: "bomb.eval" }));
  assert.deepEqual(result.rows.map((r) => [r.case, r.pass]), [["1", true], ["3", false]]);
  assert.deepEqual(result.refused.map((r) => [r.row, r.reason]), [[2, "too-large"]]);
  assert.match(
    result.refused[0].message,
    /^samples\/2_epoch_1\.json: Cannot read zip archive "bomb\.eval": member "samples\/2_epoch_1\.json" inflates to more than 64 MiB$/,
  );
});

Deno.test("Inspect .eval: a header.json that inflates without end is an error, not gigabytes", async () => {
  const bomb = zstdFrame('{"version": 2, "pad": "', " ", 16_384, '"}');
  const bytes = buildZip([{ name: "header.json", data: bomb, method: 93, size: 64 }]);
  await within(
    60_000,
    () =>
      assert.rejects(readHarnessFile({ bytes, name: "h.eval" }), (e: Error) => {
        assert.ok(isUserError(e) && e instanceof RangeError);
        assert.match(e.message, /member "header\.json" inflates to more than 64 MiB/);
        return true;
      }),
  );
});

Deno.test("Inspect .eval: a deflate member whose header understates its size stops at the limit", async () => {
  const text = '{"id": 2, "epoch": 1, "x": "' + "b".repeat(20_000_000) + '"}';
  const bytes = buildZip([
    stored("header.json", INSPECT_HEADER),
    { name: "samples/2_epoch_1.json", data: deflateRawSync(enc.encode(text)), method: 8, size: 10 },
  ]);
  const result = await within(
    60_000,
    () => readHarnessFile({ bytes, name: "lie.eval" }, { limits: { maxRecordSize: 1_000_000 } }),
  );
  assert.deepEqual(result.refused.map((r) => [r.row, r.reason]), [[1, "too-large"]]);
  // A member that inflates to less than it declares is damaged, not trusted.
  const short = buildZip([
    stored("header.json", INSPECT_HEADER),
    {
      name: "samples/1_epoch_1.json",
      data: deflateRawSync(enc.encode(inspectSample(1, "C"))),
      method: 8,
      size: 4_000_000_000,
    },
  ]);
  const read = await readHarnessFile({ bytes: short, name: "short.eval" });
  assert.equal(read.refused[0].reason, "unreadable");
  assert.match(read.refused[0].message, /has 5\d bytes, 4000000000 expected/);
});

Deno.test("Inspect .eval: members that share their data (overlap) are refused; the total inflated is capped", async () => {
  const sample = stored("samples/1_epoch_1.json", inspectSample(1, "C"));
  const overlapping = buildZip(
    [stored("header.json", INSPECT_HEADER), sample],
    Array.from({ length: 50 }, (_, i) => ({ name: `samples/${i + 2}_epoch_1.json`, of: 1 })),
  );
  await assert.rejects(
    readHarnessFile({ bytes: overlapping, name: "o.eval" }),
    /Cannot read zip archive "o\.eval": members "samples\/1_epoch_1\.json" and "samples\/\d+_epoch_1\.json" overlap \(a zip bomb\?\)/,
  );
  // Many honest members that together inflate past maxDecompressed.
  const members = [stored("header.json", INSPECT_HEADER)];
  for (let i = 1; i <= 8; i++) {
    const text = JSON.stringify({ id: i, epoch: 1, scores: {}, pad: "c".repeat(3_000_000) });
    const data = deflateRawSync(enc.encode(text));
    members.push({ name: `samples/${i}_epoch_1.json`, data, method: 8, size: text.length });
  }
  await within(60_000, () =>
    assert.rejects(
      readHarnessFile({ bytes: buildZip(members), name: "many.eval" }, {
        limits: { maxDecompressed: 10_000_000 },
      }),
      /its members inflate to more than 9\.5 MiB in all, the limit \(raise it with --max-decompressed/,
    ));
});

Deno.test("audit CLI: a gzip bomb stops at --max-decompressed with one line and exit 2", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const rows = "item,system,repeat,scorer,score,pass\n" + "q,v,0,exact,1,true\n".repeat(1) +
      "x".repeat(30_000_000) + "\n";
    await Deno.writeFile(`${dir}/bomb.csv.gz`, gzipSync(enc.encode(rows)));
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "cli.ts",
        "audit",
        `${dir}/bomb.csv.gz`,
        "--max-decompressed",
        "10MB",
      ],
      cwd: ROOT_DIR,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 2, stderr);
    assert.match(
      stderr,
      /^verdict audit: Cannot read ".*bomb\.csv\.gz": its gzip data inflates to more than 9\.5 MiB, the limit for one compressed stream \(raise it with --max-decompressed/,
    );
    assert.equal(stderr.trim().split("\n").length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit: 280,000 leading newlines are skipped in linear time, for six-field and harness files", async () => {
  const blank = "\n".repeat(280_000);
  const six = blank + "item,system,repeat,scorer,score,pass\nq1,v1,0,exact,1,true\n";
  assert.equal(
    await within(30_000, () => tryAuditHarnessFile({ text: six, name: "six.csv" })),
    null,
  );
  const report = await within(30_000, () => auditFile({ text: six, name: "six.csv" }));
  assert.equal(report.group("v1", "exact")?.counts.passed, 1);
  const line = JSON.stringify({
    promptIdx: 0,
    testIdx: 0,
    success: true,
    score: 1,
    failureReason: 0,
    provider: { id: "p" },
    prompt: { label: "Q" },
  });
  const harness = await within(
    30_000,
    () =>
      readHarnessFile({
        text: blank + `${line}\n${line.replace('"testIdx":0', '"testIdx":1')}\n`,
        name: "p.jsonl",
      }),
  );
  assert.equal(harness.harness.name, "promptfoo");
  assert.deepEqual(harness.rows.map((r) => r.row), [280_001, 280_002]);
});

Deno.test("score CLI: a long multi-member gzip is read whole, with nothing on stderr", async () => {
  // Text that hardly compresses, in five members: hundreds of reads and waits on the inflater
  // (each wait once left a listener behind, and Node warned about a leak on stderr).
  const dir = await Deno.makeTempDir();
  try {
    const random = () => crypto.getRandomValues(new Uint8Array(48)).join("");
    const members: Uint8Array[] = [];
    for (let m = 0; m < 5; m++) {
      const lines = Array.from({ length: 4_000 }, (_, i) => `m${m}r${i},${random()},${random()}`);
      members.push(
        gzipSync(enc.encode((m === 0 ? "id,expected,output\n" : "") + lines.join("\n") + "\n")),
      );
    }
    const all = new Uint8Array(members.reduce((n, m) => n + m.length, 0));
    members.reduce((at, m) => (all.set(m, at), at + m.length), 0);
    assert.ok(all.length > 1_000_000, `${all.length} bytes`);
    await Deno.writeFile(`${dir}/many.csv.gz`, all);
    const args = ["run", "--allow-read", "cli.ts", "score", `${dir}/many.csv.gz`];
    const out = await runProcess([...args, "--graders", "exact", "--json"]);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, "");
    const json = JSON.parse(out.stdout);
    assert.deepEqual([json.rows.read, json.rows.used], [20_000, 20_000]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
