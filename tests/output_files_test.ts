// What verdict writes: every output is checked before the work starts (folder, permission, not
// the input, not another output), written atomically (a killed run leaves no file that looks
// complete, and an older file untouched), and scored CSV/TSV cells a spreadsheet would run as
// formulas are neutralized while numbers stay numbers and JSON lines stay as they are.
import assert from "node:assert/strict";
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { ROOT_DIR, runProcess } from "./_capture.ts";

const score = (args: string[], allow = ["--allow-read", "--allow-write"]) =>
  runProcess(["run", "--no-prompt", ...allow, "cli.ts", "score", ...args]);

async function tempDir(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "verdict-out-" });
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

const RESULTS = "id,output,expected\nq1,Paris,Paris\nq2,Lyon,Paris\n";

Deno.test("score: --scored, --html or --save-config on the input file is refused; the input is untouched", async () => {
  const dir = await tempDir();
  try {
    const input = `${dir}/runs.csv`;
    await Deno.writeTextFile(input, RESULTS);
    for (const flag of ["--scored", "--html", "--save-config"]) {
      const r = await score([input, flag, input]);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(
        r.stderr.trim(),
        `verdict score: Cannot write ${flag} "${input}": it is the file being read; write the ` +
          "output to another file",
      );
      assert.equal(await Deno.readTextFile(input), RESULTS);
    }
    // The same file by another name (a symbolic link) is the same file.
    await Deno.symlink(input, `${dir}/alias.csv`);
    const r = await score([input, "--scored", `${dir}/alias.csv`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /it is the file being read/);
    assert.equal(await Deno.readTextFile(input), RESULTS);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score: a missing folder, a missing permission or two flags on one file fail before any work", async () => {
  const dir = await tempDir();
  try {
    const input = `${dir}/runs.csv`;
    await Deno.writeTextFile(input, RESULTS);
    const cases: [string[], string[] | undefined, RegExp][] = [
      [
        ["--scored", `${dir}/scored.csv`, "--html", `${dir}/no/such/page.html`],
        undefined,
        /Cannot write --html ".*\/no\/such\/page\.html": the folder ".*\/no\/such" does not exist/,
      ],
      [
        ["--scored", `${dir}/scored.csv`, "--save-config", `${dir}/config.json`],
        ["--allow-read"],
        /Cannot write --scored ".*scored\.csv": writing it is not allowed \(run with --allow-write\)/,
      ],
      [
        ["--scored", `${dir}/scored.csv`, "--save-config", `${dir}/config.json`],
        ["--allow-read", `--allow-write=${dir}/scored.csv`],
        /Cannot write --save-config ".*config\.json": writing it is not allowed/,
      ],
      [
        ["--scored", `${dir}/same.csv`, "--html", `${dir}/same.csv`],
        undefined,
        /--scored and --html name the same file/,
      ],
      [["--html", dir], undefined, /Cannot write --html ".*": it is a folder/],
    ];
    for (const [flags, allow, message] of cases) {
      const r = await score([input, ...flags], allow);
      assert.equal(r.code, 2, `${flags.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, "", "no report: the work never started");
      assert.deepEqual(await names(dir), ["runs.csv"], "nothing was written");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score: with a write permission for the file alone, it is written in place", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(`${dir}/runs.csv`, RESULTS);
    const r = await score([
      `${dir}/runs.csv`,
      "--graders",
      "exact",
      "--scored",
      `${dir}/scored.jsonl`,
    ], [
      "--allow-read",
      `--allow-write=${dir}/scored.jsonl`,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await Deno.readTextFile(`${dir}/scored.jsonl`)).trim().split("\n").length, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("score: a run killed while writing leaves no scored file, and an older one untouched", async () => {
  const dir = await tempDir();
  try {
    const lines = ["id,output,expected"];
    for (let i = 0; i < 150_000; i++) lines.push(`q${i},answer ${i % 7},answer ${i % 5}`);
    await Deno.writeTextFile(`${dir}/runs.csv`, lines.join("\n") + "\n");
    for (const before of [null, "an older scored file\n"]) {
      const target = `${dir}/scored.csv`;
      if (before !== null) await Deno.writeTextFile(target, before);
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-read",
          "--allow-write",
          "cli.ts",
          "score",
          `${dir}/runs.csv`,
          "--graders",
          "exact,token-f1",
          "--scored",
          target,
        ],
        cwd: ROOT_DIR,
        stdout: "null",
        stderr: "null",
      }).spawn();
      // Kill it once rows are being written to the temporary file.
      const deadline = Date.now() + 60_000;
      let temp: string | undefined;
      while (Date.now() < deadline && temp === undefined) {
        for await (const e of Deno.readDir(dir)) {
          if (e.name.startsWith(".scored.csv.verdict-") && e.name.endsWith(".tmp")) {
            if ((await Deno.stat(`${dir}/${e.name}`)).size > 100_000) temp = e.name;
          }
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill("SIGKILL");
      assert.equal((await child.status).signal, "SIGKILL");
      assert.ok(temp, "the run was writing its temporary file when it was killed");
      if (before === null) {
        await assert.rejects(Deno.stat(target), Deno.errors.NotFound);
      } else {
        assert.equal(await Deno.readTextFile(target), before);
      }
      await Deno.remove(`${dir}/${temp}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scored CSV/TSV: formula cells get a leading quote, numbers stay numbers, JSON lines unchanged", async () => {
  const dir = await tempDir();
  try {
    const rows = [
      { id: '=HYPERLINK("http://x")', version: "+v1", output: "@SUM(A1)", expected: "x" },
      { id: "-2+3+cmd|' /C calc'!A0", version: "@v", output: "\tcell", expected: "y" },
      { id: "q4", version: "v", output: "\rtext", expected: "z" },
      { id: "-5", version: "plain", output: "-0.25", expected: "-0.25" },
    ];
    await Deno.writeTextFile(
      `${dir}/runs.jsonl`,
      rows.map((r) => JSON.stringify(r)).join("\n") + "\n",
    );
    for (const ext of ["csv", "tsv", "jsonl"]) {
      const r = await score([
        `${dir}/runs.jsonl`,
        "--graders",
        "exact,numeric",
        "--include-output",
        "--scored",
        `${dir}/scored.${ext}`,
      ]);
      assert.equal(r.code, 0, r.stderr);
    }
    const table = (ext: string) =>
      Papa.parse<Record<string, string>>(Deno.readTextFileSync(`${dir}/scored.${ext}`), {
        header: true,
        skipEmptyLines: true,
        delimiter: ext === "csv" ? "," : "\t",
      }).data;
    for (const ext of ["csv", "tsv"]) {
      const exact = table(ext).filter((r) => r.scorer === "exact");
      assert.deepEqual(exact.map((r) => [r.item, r.system, r.output]), [
        ['\'=HYPERLINK("http://x")', "'+v1", "'@SUM(A1)"],
        ["'-2+3+cmd|' /C calc'!A0", "'@v", "'\tcell"],
        ["q4", "v", "'\rtext"],
        ["-5", "plain", "-0.25"],
      ], ext);
      assert.ok(table(ext).every((r) => !/^[=+@\t\r]/.test(r.item + r.output)));
    }
    const json = Deno.readTextFileSync(`${dir}/scored.jsonl`).trim().split("\n").map((l) =>
      JSON.parse(l)
    ).filter((r) => r.scorer === "exact");
    assert.deepEqual(json.map((r) => [r.item, r.system, r.output]), [
      [rows[0].id, rows[0].version, rows[0].output],
      [rows[1].id, rows[1].version, rows[1].output],
      [rows[2].id, rows[2].version, rows[2].output],
      [rows[3].id, rows[3].version, rows[3].output],
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
