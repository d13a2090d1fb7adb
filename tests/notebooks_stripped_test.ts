// Notebooks are committed without outputs: CI produces them, and stale outputs in git would show
// figures that the code no longer computes.
import assert from "node:assert/strict";

const dir = new URL("../notebooks/", import.meta.url);

Deno.test("every notebook in git has its outputs and execution counts stripped", async () => {
  let seen = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".ipynb")) continue;
    seen++;
    const nb = JSON.parse(await Deno.readTextFile(new URL(entry.name, dir)));
    nb.cells.forEach(
      (cell: { cell_type: string; outputs?: unknown[]; execution_count?: unknown }, i: number) => {
        if (cell.cell_type !== "code") return;
        assert.deepEqual(cell.outputs, [], `${entry.name} cell ${i + 1} has outputs`);
        assert.equal(
          cell.execution_count,
          null,
          `${entry.name} cell ${i + 1} has an execution count`,
        );
      },
    );
  }
  assert.ok(seen >= 4, `expected the notebooks in ${dir.pathname}, found ${seen}`);
});
