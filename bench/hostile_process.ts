// Time and peak memory of the command line on hostile inputs built here (never committed): gzip
// and zip bombs, records far over the size limit, long lines and records under it, leading blank
// lines, unclosed quotes and one huge group of cases. Each runs in its own process under
// /usr/bin/time; the figures are printed, not asserted (the tests assert the behaviour with
// generous time limits). Run: deno task bench:hostile
import { createGzip } from "node:zlib";
import { buildZip, INSPECT_HEADER, inspectSample, zstdFrame } from "../tests/_hostile_archives.ts";

const enc = new TextEncoder();
const ROOT = new URL("../", import.meta.url).pathname;

/** Gzip a stream of text pieces into a file without holding either in memory. */
async function gzipTo(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  const gzip = createGzip({ level: 1 });
  const done = (async () => {
    for await (const chunk of gzip as AsyncIterable<Uint8Array>) await file.write(chunk);
  })();
  for (const piece of pieces) {
    if (!gzip.write(enc.encode(piece))) await new Promise((r) => gzip.once("drain", r));
  }
  gzip.end();
  await done;
  file.close();
}

function* repeat(piece: string, times: number): Generator<string> {
  for (let i = 0; i < times; i++) yield piece;
}

/** Write text pieces to a file. */
async function writeTo(path: string, pieces: Iterable<string>): Promise<void> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  for (const piece of pieces) await file.write(enc.encode(piece));
  file.close();
}

const MiB = 2 ** 20;
const block = "x".repeat(MiB);

interface Case {
  name: string;
  make: (dir: string) => Promise<string[]>;
}

const CASES: Case[] = [
  {
    name: "gzip: 5 GiB string in one JSON line (score)",
    make: async (dir) => {
      await gzipTo(`${dir}/bomb.jsonl.gz`, [
        '{"id": "a", "expected": "x", "output": "',
        ...repeat(block, 5 * 1024),
        '"}\n',
      ]);
      return ["score", `${dir}/bomb.jsonl.gz`, "--graders", "exact"];
    },
  },
  {
    name: "Inspect .eval: zstd sample inflating to 2 GiB (audit)",
    make: async (dir) => {
      await Deno.writeFile(
        `${dir}/bomb.eval`,
        buildZip([
          {
            name: "header.json",
            data: enc.encode(INSPECT_HEADER),
            method: 0,
            size: INSPECT_HEADER.length,
          },
          {
            name: "samples/1_epoch_1.json",
            data: enc.encode(inspectSample(1, "C")),
            method: 0,
            size: inspectSample(1, "C").length,
          },
          {
            name: "samples/2_epoch_1.json",
            data: zstdFrame('{"id": 2, "x": "', "a", 16_384, '"}'),
            method: 93,
            size: 100,
          },
        ]),
      );
      return ["audit", `${dir}/bomb.eval`];
    },
  },
  {
    name: "one 100 MiB JSON line, over the record limit (score)",
    make: async (dir) => {
      await writeTo(`${dir}/long.jsonl`, [
        '{"id": "a", "expected": "x", "output": "',
        ...repeat(block, 100),
        '"}\n{"id": "b", "expected": "x", "output": "x"}\n',
      ]);
      return ["score", `${dir}/long.jsonl`, "--graders", "exact"];
    },
  },
  {
    name: "one 100 MiB CSV record, over the record limit (score)",
    make: async (dir) => {
      await writeTo(`${dir}/long.csv`, [
        'id,expected,output\na,x,"',
        ...repeat(block, 100),
        '"\nb,x,x\n',
      ]);
      return ["score", `${dir}/long.csv`, "--graders", "exact"];
    },
  },
  {
    name: "one 50 MiB JSON line, under the limit (score)",
    make: async (dir) => {
      await writeTo(`${dir}/line.jsonl`, [
        '{"id": "a", "expected": "x", "output": "',
        ...repeat(block, 50),
        '"}\n',
      ]);
      return ["score", `${dir}/line.jsonl`, "--graders", "exact"];
    },
  },
  {
    name: "280,000 leading newlines (audit)",
    make: async (dir) => {
      await writeTo(`${dir}/blank.csv`, [
        "\n".repeat(280_000),
        "item,system,repeat,scorer,score,pass\nq1,v1,0,exact,1,true\n",
      ]);
      return ["audit", `${dir}/blank.csv`];
    },
  },
  {
    name: "20,000 unclosed quotes in 1,000,000 rows (score)",
    make: async (dir) => {
      const rows = ["id,output,expected\n"];
      for (let i = 0; i < 1_000_000; i++) {
        rows.push(i % 50 === 0 ? `q${i},"open,a\n` : `q${i},a,a\n`);
      }
      await writeTo(`${dir}/quotes.csv`, rows);
      return ["score", `${dir}/quotes.csv`, "--graders", "exact"];
    },
  },
  {
    name: "130,000 cases in one group (audit)",
    make: async (dir) => {
      const rows = ["item,system,repeat,scorer,score,pass\n"];
      for (let i = 0; i < 130_000; i++) rows.push(`c${i},v1,0,exact,1,true\n`);
      await writeTo(`${dir}/group.csv`, rows);
      return ["audit", `${dir}/group.csv`];
    },
  },
];

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "verdict-hostile-" });
  try {
    console.log("case                                                   exit  seconds  peak RSS");
    for (const c of CASES) {
      const args = await c.make(dir);
      const out = await new Deno.Command("/usr/bin/time", {
        args: ["-f", "%e %M", Deno.execPath(), "run", "--allow-read", "cli.ts", ...args],
        cwd: ROOT,
        stdout: "null",
        stderr: "piped",
      }).output();
      const lines = new TextDecoder().decode(out.stderr).trim().split("\n");
      const [seconds, kib] = lines[lines.length - 1].split(" ").map(Number);
      console.log(
        `${c.name.padEnd(54)} ${String(out.code).padStart(4)} ${seconds.toFixed(1).padStart(8)}  ` +
          `${(kib / 1024).toFixed(0).padStart(5)} MiB`,
      );
      for await (const e of Deno.readDir(dir)) await Deno.remove(`${dir}/${e.name}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
