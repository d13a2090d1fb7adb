// For tests: a dataset item with every required field, and the fields a test cares about on top.
import type { EvalItem } from "./dataset.ts";

/** An item (id "x", row 1, no messages or references) with `over` on top. */
export function testItem(over: Partial<EvalItem> = {}): EvalItem {
  return {
    index: 0,
    row: 1,
    id: "x",
    messages: [],
    references: [],
    params: {},
    recorded: "",
    fields: {},
    ...over,
  };
}
