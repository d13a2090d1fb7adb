// docs/causes.md follows the registries: every cause with its title, every live check with its
// cause, every fix change with its cost and the causes it fits.
import assert from "node:assert/strict";
import { CAUSE_IDS, CAUSES, FIX_CHANGES, LIVE_CHECKS } from "../mod.ts";

const doc = await Deno.readTextFile(new URL("../docs/causes.md", import.meta.url));

Deno.test("docs/causes.md: a section per cause, titled as the registry titles it", () => {
  for (const id of CAUSE_IDS) {
    assert.ok(
      doc.includes(`\n### ${id} ${CAUSES[id].title}\n`),
      `no section "### ${id} ${CAUSES[id].title}"`,
    );
    assert.match(
      doc,
      new RegExp(`\\| ${id} +\\| ${CAUSES[id].title} +\\|`),
      `${id} not in the table`,
    );
  }
  assert.ok(
    doc.includes(CAUSE_IDS.join(" > ")),
    "the main-cause order is stated as in the registry",
  );
});

Deno.test("docs/causes.md: every live check and every fix change, as the registries define them", () => {
  for (const [name, check] of Object.entries(LIVE_CHECKS)) {
    assert.match(doc, new RegExp(`\\| \`${name}\` +\\| ${check.cause} +\\|`), name);
  }
  for (const [name, change] of Object.entries(FIX_CHANGES)) {
    const fits = change.fits.filter((c) => c !== "none").join(" ") +
      (change.fits.includes("none") ? ", none" : "");
    assert.match(
      doc,
      new RegExp(`\\| \`${name}\` +\\| ${change.cost} +\\| ${fits} +\\|`),
      `${name}: cost ${change.cost}, fits ${fits}`,
    );
  }
});
