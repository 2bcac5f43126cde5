/**
 * The edit plan's `replace_all` (core/writing/edit-plan.ts): offered to the model in the schema and the instructions,
 * and turned into an operation without a block whatever block the model named.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { editPlanMessages, editPlanSchema, toOp, type RawEdit } from "../../../core/writing/edit-plan.ts";

const raw = (over: Partial<RawEdit>): RawEdit => ({ op: "replace_all", block: "", find: null, replace: null, text: null, value: null, formula: null, values: [], after: null, like: null, title: null, body: [], ...over });

test("replace_all: find and replace make the operation, with no block", () => {
  const cases: Array<{ given: Partial<RawEdit>; want: ReturnType<typeof toOp> }> = [
    { given: { find: "Acme Corp", replace: "Globex Inc" }, want: { op: "replace_all", find: "Acme Corp", replace: "Globex Inc" } },
    { given: { block: "p3", find: "Acme", replace: "" }, want: { op: "replace_all", find: "Acme", replace: "" } },
    { given: { find: "", replace: "x" }, want: { invalid: "replace_all needs find and replace" } },
    { given: { find: "Acme", replace: null }, want: { invalid: "replace_all needs find and replace" } },
  ];
  for (const { given, want } of cases) assert.deepEqual(toOp(raw(given)), want, JSON.stringify(given));
  assert.deepEqual(toOp(raw({ op: "replace_text", find: "a", replace: "b" })), { invalid: "the edit names no block" });
});

test("the model is offered replace_all for changes everywhere", () => {
  const items = (editPlanSchema.schema as { properties: { edits: { items: { properties: { op: { enum: string[] } } } } } }).properties.edits.items;
  assert.ok(items.properties.op.enum.includes("replace_all"));
  const system = editPlanMessages("Replace Acme with Globex everywhere.", [])[0]!.content as string;
  assert.match(system, /- replace_all: .*everywhere/);
});
