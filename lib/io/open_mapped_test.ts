import assert from "node:assert/strict";
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { isUserError } from "../errors/mod.ts";
import type { RoleVocabulary } from "./mapping.ts";
import { MAPPING_LOOKAHEAD, openMappedRecords } from "./open_mapped.ts";
import { readResultRows } from "./read_results.ts";
import type { Format, Source } from "./types.ts";

type Rows = Record<string, unknown>[];

/** The same rows as a source in each format, and as an array in memory. */
const SHAPES: readonly (Format | "memory")[] = [
  "csv",
  "tsv",
  "jsonl",
  "json-array",
  "json-rows",
  "memory",
];

function sourceOf(rows: Rows, shape: Format | "memory", name: string): Source {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  switch (shape) {
    case "memory":
      return rows;
    case "csv":
    case "tsv":
      return {
        text: Papa.unparse(rows, { columns, delimiter: shape === "csv" ? "," : "\t" }),
        name,
      };
    case "jsonl":
      return { text: rows.map((r) => JSON.stringify(r)).join("\n"), name };
    case "json-array":
      return { text: JSON.stringify(rows, null, 1), name };
    case "json-rows":
      return { text: JSON.stringify({ rows }, null, 1), name };
  }
}

/** The file name the reader uses in messages for a shape. */
const nameOf = (shape: Format | "memory") => shape === "memory" ? "<rows>" : `run.${shape}`;

const ROWS: Rows = [
  { id: "a", output: "x", expected: "x" },
  { id: "b", output: "y", expected: "z" },
];

async function rejectsWith(promise: Promise<unknown>, cls: ErrorConstructor, message: RegExp) {
  await assert.rejects(promise, (e: unknown) => {
    assert.ok(e instanceof cls, `expected ${cls.name}, got ${e}`);
    assert.ok(isUserError(e), `not a user error: ${e}`);
    assert.match((e as Error).message, message);
    return true;
  });
}

Deno.test("a mapped column the file lacks is an error in every format", async () => {
  for (const shape of SHAPES) {
    const where = shape === "csv" || shape === "tsv" ? "the header" : "the file";
    const name = nameOf(shape);
    await rejectsWith(
      readResultRows(sourceOf(ROWS, shape, name), { mapping: { output: "nope" } }),
      TypeError,
      new RegExp(
        `^Cannot read "${name}": column "nope" \\(mapped to output\\) is not in ${where}; ` +
          `its columns are id, output, expected$`,
      ),
    );
  }
});

Deno.test("a role that does not exist is an error in every format, naming the roles", async () => {
  for (const shape of SHAPES) {
    const name = nameOf(shape);
    await rejectsWith(
      readResultRows(sourceOf(ROWS, shape, name), {
        mapping: { outptu: "output" } as Record<string, string>,
      }),
      RangeError,
      new RegExp(
        `^Cannot read "${name}": the mapping names "outptu", which is not a role ` +
          `\\(did you mean output\\?\\); the roles are case, version, repeat, output, reference, ` +
          `expectedKind, assertions, schema, threshold$`,
      ),
    );
  }
});

Deno.test("names from Object.prototype are neither roles nor columns", async () => {
  for (const shape of SHAPES) {
    const source = () => sourceOf(ROWS, shape, nameOf(shape));
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      await rejectsWith(
        readResultRows(source(), { mapping: { output: key } }),
        TypeError,
        new RegExp(`column "${key}" \\(mapped to output\\) is not in`),
      );
      const mapping = Object.defineProperty({}, key, { value: "output", enumerable: true });
      await rejectsWith(
        readResultRows(source(), { mapping }),
        RangeError,
        new RegExp(`the mapping names "${key}", which is not a role`),
      );
    }
  }
});

Deno.test("columns named like Object's members are read as the file's own", async () => {
  const rows: Rows = [
    { id: "a", constructor: "made", __proto__x: 1, toString: "t" },
    { id: "b", constructor: "again", __proto__x: 2, toString: "u" },
  ];
  for (const shape of ["csv", "jsonl", "json-array"] as const) {
    const { rows: back, report } = await readResultRows(sourceOf(rows, shape, "odd"), {
      mapping: { output: "constructor", reference: "toString" },
    });
    assert.deepEqual(back.map((r) => [r.output, r.reference?.values[0]]), [
      ["made", "t"],
      ["again", "u"],
    ], shape);
    assert.equal(report.leftOut, 0);
  }
  // A JSON key "__proto__" stays a column of the record; it does not become its prototype.
  const text = '{"id": "a", "__proto__": {"output": "inherited?"}, "answer": "own"}\n';
  const { rows: back, report } = await readResultRows({ text, name: "proto.jsonl" }, {
    mapping: { output: "answer" },
  });
  assert.equal(back[0].output, "own");
  assert.ok(Object.hasOwn(back[0].fields, "__proto__"));
  assert.equal(Object.getPrototypeOf(back[0].fields), Object.prototype);
  assert.ok(report.columns.includes("__proto__.output"));
  // …and mapping output to it reads the file's value, not Object.prototype.
  const csv = await readResultRows({ text: "id,__proto__\na,x\n", name: "p.csv" }, {
    mapping: { output: "__proto__" },
  });
  assert.equal(csv.rows[0].output, "x");
});

Deno.test("JSON formats: a column first seen after the look-ahead cannot be mapped", async () => {
  const rows: Rows = Array.from({ length: MAPPING_LOOKAHEAD + 5 }, (_, i) => ({
    id: `r${i}`,
    output: "x",
    ...(i === MAPPING_LOOKAHEAD ? { late: "y" } : {}),
    ...(i === 150 ? { early: "z" } : {}),
  }));
  for (const shape of ["jsonl", "json-array", "json-rows", "memory"] as const) {
    const name = nameOf(shape);
    await rejectsWith(
      readResultRows(sourceOf(rows, shape, name), { mapping: { reference: "late" } }),
      TypeError,
      new RegExp(
        `^Cannot read "${name}": column "late" \\(mapped to reference\\) is not in the first ` +
          `${MAPPING_LOOKAHEAD} records; its columns are id, output, early$`,
      ),
    );
    // Seen once within the look-ahead is enough; rows without it simply have no reference.
    const { rows: back, report } = await readResultRows(sourceOf(rows, shape, name), {
      mapping: { reference: "early" },
    });
    assert.equal(back.length, rows.length, shape);
    assert.deepEqual(back.filter((r) => r.reference).map((r) => r.case), ["r150"]);
    // The columns seen after the look-ahead are listed once the file has been read.
    assert.ok(report.columns.includes("late"), shape);
  }
});

Deno.test("a required role without a column is an error in every format", async () => {
  const rows: Rows = [{ id: "a", answer: "x" }];
  for (const shape of SHAPES) {
    const name = nameOf(shape);
    await rejectsWith(
      readResultRows(sourceOf(rows, shape, name)),
      TypeError,
      new RegExp(
        `^Cannot read "${name}": no column for the output \\(looked for output, actual, ` +
          `response, completion, prediction, generated in (the header|the file)\\); its columns ` +
          `are id, answer\\. Map one with --map output=COLUMN`,
      ),
    );
    const { rows: back } = await readResultRows(sourceOf(rows, shape, name), {
      mapping: { output: "answer" },
    });
    assert.equal(back[0].output, "x", shape);
    await rejectsWith(
      readResultRows(sourceOf(ROWS, shape, name), { mapping: { case: null } }),
      TypeError,
      /no column for the case id \(the mapping switches case off\)/,
    );
  }
});

Deno.test("with no columns seen, only the roles are checked", async () => {
  for (const text of ["", "\n\n", '{"id": "a", "out\n']) {
    const { rows, report } = await readResultRows({ text, name: "e.jsonl" }, {
      mapping: { output: "anything" },
    });
    assert.equal(rows.length, 0);
    assert.equal(report.read, text.includes("id") ? 1 : 0);
  }
  await rejectsWith(
    readResultRows({ text: "", name: "e.jsonl" }, { mapping: { outptu: "x" } as never }),
    RangeError,
    /not a role/,
  );
  // A CSV header alone is enough to know the columns.
  await rejectsWith(
    readResultRows({ text: "id,output\n", name: "h.csv" }, { mapping: { output: "answer" } }),
    TypeError,
    /column "answer" \(mapped to output\) is not in the header/,
  );
});

Deno.test("a mapping value must be a column name or null, and a format one of the five", async () => {
  for (const bad of [5, "", ["output"], { a: 1 }]) {
    await rejectsWith(
      readResultRows(ROWS, { mapping: { output: bad } as never }),
      TypeError,
      /^Cannot read "<rows>": the mapping of output must be a column name or null, got /,
    );
  }
  await rejectsWith(
    readResultRows(ROWS, { mapping: "output=answer" as never }),
    TypeError,
    /the mapping must be an object of role → column name, got string/,
  );
  await rejectsWith(
    readResultRows({ text: "id,output\na,b\n", name: "a.csv" }, { format: "xml" as Format }),
    RangeError,
    /^Cannot read "a.csv" as "xml": the format must be one of csv, tsv, jsonl, json-array, json-rows$/,
  );
});

const DATASET: RoleVocabulary<"id" | "prompt" | "messages" | "reference" | "params"> = {
  synonyms: {
    id: ["id", "case_id"],
    prompt: ["prompt", "question", "input"],
    messages: ["messages"],
    reference: ["reference", "answer", "expected", "target", "ideal"],
    params: ["params"],
  },
  required: [["prompt", "messages"]],
  labels: { prompt: "the prompt", messages: "the messages" },
};

Deno.test("any job's vocabulary: an eval dataset with a prompt or messages", async () => {
  const text = [
    JSON.stringify({ id: 1, messages: [{ role: "user", content: "hi" }], ideal: "hello" }),
    "{torn",
    JSON.stringify({ id: 2, messages: [], ideal: "x", params: { temperature: 0 } }),
  ].join("\n");
  const records = await openMappedRecords<keyof typeof DATASET.synonyms, "no-messages">(
    { text, name: "chat.jsonl" },
    DATASET,
  );
  assert.deepEqual(records.mapping, {
    id: "id",
    messages: "messages",
    reference: "ideal",
    params: "params",
  });
  const used: unknown[] = [];
  for await (const r of records) {
    if (r.problem) continue;
    const messages = r.get("messages");
    if (!Array.isArray(messages) || messages.length === 0) {
      records.report.leaveOut({ code: "no-messages", row: r.row, message: "no messages" });
      continue;
    }
    records.report.used();
    used.push([r.get("id"), r.get("reference"), r.get("prompt")]);
  }
  assert.deepEqual(used, [[1, "hello", undefined]]);
  assert.deepEqual(records.report.toJSON().rows, {
    read: 3,
    used: 1,
    leftOut: { "no-messages": { count: 1, rows: [3] }, unreadable: { count: 1, rows: [2] } },
  });
  await rejectsWith(
    openMappedRecords({ text: "id,answer\n1,x\n", name: "qa.csv" }, DATASET),
    TypeError,
    /^Cannot read "qa.csv": no column for the prompt or the messages \(looked for prompt, question, input, messages in the header\)/,
  );
});

Deno.test("a job that forgets to count a record is a bug, reported when the file ends", async () => {
  const records = await openMappedRecords(ROWS, DATASET, { mapping: { prompt: "output" } });
  const iterate = async () => {
    for await (const _ of records) {
      // counts nothing
    }
  };
  await assert.rejects(iterate, (e: unknown) => {
    assert.ok(e instanceof Error && !isUserError(e));
    assert.match(e.message, /2 records were read but 0 were counted as used or left out/);
    return true;
  });
});
