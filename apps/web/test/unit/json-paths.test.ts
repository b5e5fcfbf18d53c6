// Document paths from the server's validation errors find their place in the JSON text.
import { json } from "@codemirror/lang-json";
import { EditorState } from "@codemirror/state";
import { describe, expect, test } from "vitest";
import { locatePath, parsePath } from "../../src/editor/json-paths";

const doc = JSON.stringify({ version: 4, bands: [{ id: "a", height: 10 }, { id: "b", elements: [{ width: "wide" }] }] }, null, 2);
const state = EditorState.create({ doc, extensions: [json()] });
const textAt = (path: string) => {
  const { from, to } = locatePath(state, path);
  return state.sliceDoc(from, to);
};
const lineOf = (path: string) => state.doc.lineAt(locatePath(state, path).from).number;

describe("json-paths", () => {
  test("parses dotted keys and indexes", () => {
    expect(parsePath("bands[1].elements[0].width")).toEqual(["bands", 1, "elements", 0, "width"]);
    expect(parsePath("$")).toEqual(["$"]);
  });

  test("a key path lands on its property name, an index on its item", () => {
    expect(textAt("bands[1].elements[0].width")).toBe('"width"');
    expect(lineOf("bands[1].elements[0].width")).toBe(doc.split("\n").findIndex((l) => l.includes('"width"')) + 1);
    expect(textAt("bands[0].height")).toBe('"height"');
    expect(textAt("bands[1]")).toBe("{");
  });

  test("a path that goes past the document stops at the deepest part found; unknown paths mark line 1", () => {
    expect(textAt("bands[0].height.extra")).toBe('"height"');
    expect(lineOf("bands[7]")).toBe(doc.split("\n").findIndex((l) => l.includes('"bands"')) + 1);
    expect(lineOf("$")).toBe(1);
  });
});
