// The copy of a template's sample data an earlier version kept in this browser (localStorage): moved into the
// template's shared data once when it has none, forgotten when it says the same, otherwise offered (use or
// discard), and left alone for a Viewer.
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import type { DesignerDoc } from "../../src/designer/collab/useDesignerDoc";
import { useLocalSampleData } from "../../src/designer/collab/useLocalSampleData";

const KEY = "docsvc:data:tpl";

/** The parts of the designer's session the hook reads, with the shared text it writes. */
function fakeCollab(shared: string, canEdit = true): { collab: DesignerDoc; written: string[] } {
  const written: string[] = [];
  const collab = {
    status: "online",
    canEdit,
    document: { version: 4, pageSize: { id: "a4" }, bands: [], schema: [] },
    sampleDataText: shared,
    replaceSampleData: (text: string) => written.push(text),
  } as unknown as DesignerDoc;
  return { collab, written };
}

afterEach(() => localStorage.clear());

describe("this browser's old copy of the sample data", () => {
  test("moved into the template when it has none, then forgotten", () => {
    localStorage.setItem(KEY, '{"n": 1}');
    const { collab, written } = fakeCollab("");
    const { result } = renderHook(() => useLocalSampleData("tpl", collab));
    expect(written).toEqual(['{"n": 1}']);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(result.current.text).toBeNull();
  });

  test("forgotten when the template's data says the same (formatting aside)", () => {
    localStorage.setItem(KEY, '{"n":1}');
    const { collab, written } = fakeCollab('{\n  "n": 1\n}');
    renderHook(() => useLocalSampleData("tpl", collab));
    expect(written).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test("offered when the template has other data: using it replaces the shared data, discarding keeps it", () => {
    localStorage.setItem(KEY, '{"mine": true}');
    const { collab, written } = fakeCollab('{"theirs": true}');
    const { result } = renderHook(() => useLocalSampleData("tpl", collab));
    expect(result.current.text).toBe('{"mine": true}');
    expect(written).toEqual([]);
    act(() => result.current.use());
    expect(written).toEqual(['{"mine": true}']);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(result.current.text).toBeNull();

    localStorage.setItem(KEY, '{"mine": 2}');
    const other = fakeCollab('{"theirs": true}');
    const second = renderHook(() => useLocalSampleData("tpl", other.collab));
    act(() => second.result.current.discard());
    expect(other.written).toEqual([]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test("a Viewer's copy stays where it is (a Viewer cannot write the template's data)", () => {
    localStorage.setItem(KEY, '{"n": 1}');
    const { collab, written } = fakeCollab("", false);
    renderHook(() => useLocalSampleData("tpl", collab));
    expect(written).toEqual([]);
    expect(localStorage.getItem(KEY)).toBe('{"n": 1}');
  });
});
