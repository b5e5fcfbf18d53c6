// Comment pins: anchored live threads group under the element or band id the document still has; anchors the
// document lost are listed apart; unanchored and deleted threads are not pins.
import type { TemplateDocument } from "@docsvc/collab-doc";
import { describe, expect, test } from "vitest";
import type { Comment } from "../../src/api/types";
import { pinComments } from "../../src/designer/collab/useDesignerComments";

const doc: TemplateDocument = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [{ id: "head", kind: "report-header", height: 40, elements: [{ id: "title", type: "text", x: 0, y: 0, width: 10, height: 10, text: "x" }] }],
  schema: [],
};

const comment = (id: string, anchor: Comment["anchor"], deleted = false): Comment => ({
  id, templateId: "t", parentId: null, body: deleted ? null : id, author: null, mentions: [], createdAt: "2026-01-01T00:00:00.000Z", deleted, anchor, replies: [],
});

describe("comment pins", () => {
  test("group by anchor id; lost anchors apart; unanchored and deleted threads are no pins", () => {
    const threads = [
      comment("c1", { kind: "element", id: "title" }),
      comment("c2", { kind: "band", id: "head" }),
      comment("c3", { kind: "element", id: "title" }),
      comment("c4", { kind: "element", id: "gone" }),
      comment("c5", null),
      comment("c6", undefined),
      comment("c7", { kind: "band", id: "head" }, true),
    ];
    const { pins, orphans } = pinComments(threads, doc);
    expect([...pins.keys()]).toEqual(["title", "head"]);
    expect(pins.get("title")?.map((c) => c.id)).toEqual(["c1", "c3"]);
    expect(pins.get("head")?.map((c) => c.id)).toEqual(["c2"]);
    expect(orphans.map((c) => c.id)).toEqual(["c4"]);
    expect(pinComments(threads, undefined).pins.size).toBe(0);
  });
});
