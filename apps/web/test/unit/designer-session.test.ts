// The designer session against an in-memory hub that keeps the protocol's rules (seq per update, no echo to
// the sender, Viewers refused, PUT yState merged as a new seq broadcast to everyone): seeding, convergence,
// resync after a reconnect, saving, reconciling with content changed elsewhere, restore, undo and the lock.
import { documentToYDoc, type TemplateDocument } from "@docsvc/collab-doc";
import { afterEach, describe, expect, test } from "vitest";
import * as Y from "yjs";
import { DesignerSession, type SessionApi, type SessionTiming, type StoredTemplate } from "../../src/designer/collab/session";
import type { HubHandlers, HubTransport, JoinResult } from "../../src/designer/collab/transport";

const DOC: TemplateDocument = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [{ id: "b", kind: "report-header", height: 60, elements: [{ id: "t", type: "text", x: 0, y: 0, width: 100, height: 20, text: "Hello" }] }],
  schema: [{ key: "number", type: "string" }],
};

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
};

class FakeHub {
  log: { seq: number; update: Uint8Array }[] = [];
  members = new Map<FakeTransport, number>();
  template: StoredTemplate = { id: "tpl", name: "T", content: JSON.stringify(DOC), editorMode: "report", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
  versions = new Map<string, string>();
  versionSamples = new Map<string, Record<string, unknown>>();
  saves: { content: string; yState: string; yStateSeq: number; versionKind?: string; sampleData?: unknown }[] = [];
  private clock = Date.parse("2026-01-01T00:00:00.000Z");

  append(update: Uint8Array, from?: FakeTransport): number {
    const seq = (this.log.at(-1)?.seq ?? 0) + 1;
    this.log.push({ seq, update });
    for (const m of this.members.keys()) if (m !== from) m.handlers?.onUpdate(seq, update);
    return seq;
  }

  api(): SessionApi {
    return {
      getTemplate: async () => this.template,
      getVersion: async (_id, versionId) => ({ content: this.versions.get(versionId) ?? "", editorMode: "report", sampleData: this.versionSamples.get(versionId) ?? null }),
      saveTemplate: async (_id, body) => {
        this.saves.push(body);
        const state = Uint8Array.from(atob(body.yState), (c) => c.charCodeAt(0));
        const server = this.log.length > 0 ? Y.mergeUpdates(this.log.map((l) => l.update)) : new Uint8Array([0, 0]);
        const diff = Y.diffUpdate(state, Y.encodeStateVectorFromUpdate(server));
        const probe = new Y.Doc();
        Y.applyUpdate(probe, server);
        const before = Y.encodeStateVector(probe);
        Y.applyUpdate(probe, diff);
        if (!sameBytes(before, Y.encodeStateVector(probe))) this.append(diff);
        this.clock += 1000;
        // As the server: absent sample data keeps what is stored.
        this.template = { ...this.template, content: body.content, updatedAt: new Date(this.clock).toISOString(), ...(body.sampleData !== undefined ? { sampleData: body.sampleData } : {}) };
        return { updatedAt: this.template.updatedAt };
      },
    };
  }

  /** A stored template changed by a PUT without yState (the API, another editor). */
  putContent(content: string): void {
    this.clock += 1000;
    this.template = { ...this.template, content, updatedAt: new Date(this.clock).toISOString() };
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

class FakeTransport implements HubTransport {
  handlers: HubHandlers | undefined;
  connected = false;
  constructor(private readonly hub: FakeHub, private readonly canEdit: boolean) {}
  async start(handlers: HubHandlers) {
    this.handlers = handlers;
    this.connected = true;
  }
  async joinDocument(_doc: string, clientId: number): Promise<JoinResult> {
    if (!this.connected) throw new Error("not connected");
    const peerAwareness = [...this.hub.members.keys()].flatMap((m) => (m.lastAwareness ? [m.lastAwareness] : []));
    this.hub.members.set(this, clientId);
    return { snapshot: null, snapshotSeq: 0, updates: [...this.hub.log], peerAwareness, canEdit: this.canEdit };
  }
  async sendUpdate(_doc: string, update: Uint8Array) {
    if (!this.connected) throw new Error("not connected");
    if (!this.canEdit) throw new Error("Forbidden: Viewers cannot edit this document.");
    return this.hub.append(update, this);
  }
  lastAwareness: Uint8Array | undefined;
  async sendAwareness(_doc: string, update: Uint8Array) {
    if (!this.connected) throw new Error("not connected");
    this.lastAwareness = update;
    for (const m of this.hub.members.keys()) if (m !== this) m.handlers?.onAwareness(update);
  }
  /** The connection drops (the client reconnects by itself later). */
  drop() {
    this.connected = false;
    const id = this.hub.members.get(this);
    this.hub.members.delete(this);
    for (const m of this.hub.members.keys()) if (id !== undefined) m.handlers?.onPeerLeft(id);
    this.handlers?.onReconnecting();
  }
  reconnect() {
    this.connected = true;
    this.handlers?.onReconnected();
  }
  async stop() {
    this.connected = false;
    this.hub.members.delete(this);
  }
}

const open: DesignerSession[] = [];
async function join(hub: FakeHub, name: string, canEdit = true, timing: SessionTiming = {}): Promise<{ s: DesignerSession; t: FakeTransport }> {
  const t = new FakeTransport(hub, canEdit);
  const s = new DesignerSession("tpl", t, hub.api(), { name, colour: "#123456" }, timing);
  open.push(s);
  await s.open();
  await settle();
  return { s, t };
}
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const text = (s: DesignerSession, id = "t") => (s.snapshot.document?.bands[0]?.elements.find((e) => e.id === id) as { text?: string } | undefined)?.text;

describe("designer session", () => {
  test("the first editor seeds the room from the stored content; a later joiner gets it from the hub", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    expect(a.snapshot.status).toBe("online");
    expect(a.snapshot.canEdit).toBe(true);
    expect(a.snapshot.document).toEqual(DOC);
    expect(a.snapshot.dirty).toBe(false);
    expect(hub.log.length).toBeGreaterThan(0);
    const { s: b } = await join(hub, "b");
    expect(b.snapshot.document).toEqual(DOC);
    // Nobody seeded twice: the second joiner sent nothing.
    expect(hub.log.every((l) => l.seq <= 2)).toBe(true);
  });

  test("edits reach the peer; both converge; remote edits are not on the local undo stack", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    const { s: b } = await join(hub, "b");
    a.editor.updateElement("t", { text: "Invoice {{number}}" });
    await settle();
    expect(text(b)).toBe("Invoice {{number}}");
    b.editor.moveElements(["t"], 5, 0);
    await settle();
    expect(a.snapshot.document).toEqual(b.snapshot.document);
    expect(a.snapshot.canUndo).toBe(true);
    a.undo();
    await settle();
    // A's text change is undone everywhere; B's move stays.
    expect(text(b)).toBe("Hello");
    expect(b.snapshot.document?.bands[0]?.elements[0]?.x).toBe(5);
    expect(a.snapshot.document).toEqual(b.snapshot.document);
  });

  test("a session closed while it connects leaves no connection and joins nothing", async () => {
    const hub = new FakeHub();
    const t = new FakeTransport(hub, true);
    const start = t.start.bind(t);
    // The connection is held open until the session has been told to close.
    let connecting!: () => void;
    const inStart = new Promise<void>((resolve) => (connecting = resolve));
    let connect!: () => void;
    const connected = new Promise<void>((resolve) => (connect = resolve));
    t.start = async (h) => {
      connecting();
      await connected;
      await start(h);
    };
    const s = new DesignerSession("tpl", t, hub.api(), { name: "quick", colour: "#123456" });
    const opening = s.open();
    await inStart;
    const closing = s.close();
    connect();
    await closing;
    await opening;
    await settle();
    expect(t.connected).toBe(false);
    expect(hub.members.size).toBe(0);
    expect(hub.log.length).toBe(0);
  });

  test("a Viewer joins read-only and sends nothing", async () => {
    const hub = new FakeHub();
    await join(hub, "editor");
    const before = hub.log.length;
    const { s: v } = await join(hub, "viewer", false);
    expect(v.snapshot.canEdit).toBe(false);
    expect(v.snapshot.document).toEqual(DOC);
    expect(v.claim(["t"], "move")).toBe(false);
    await expect(v.save()).rejects.toThrow(/Viewers/);
    expect(hub.log.length).toBe(before);
  });

  test("edits made while disconnected arrive after the reconnect, and the peer's edits of that time too", async () => {
    const hub = new FakeHub();
    const { s: a, t: ta } = await join(hub, "a");
    const { s: b } = await join(hub, "b");
    ta.drop();
    expect(a.snapshot.status).toBe("reconnecting");
    a.editor.updateElement("t", { text: "offline edit" });
    b.editor.resizeBand("b", 90);
    await settle();
    expect(text(b)).toBe("Hello");
    ta.reconnect();
    await settle();
    expect(a.snapshot.status).toBe("online");
    expect(text(b)).toBe("offline edit");
    expect(a.snapshot.document?.bands[0]?.height).toBe(90);
    expect(a.snapshot.document).toEqual(b.snapshot.document);
  });

  test("save PUTs the document with yState and yStateSeq; the saver and the peer are no longer dirty", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    const { s: b } = await join(hub, "b");
    a.editor.updateElement("t", { text: "Saved text" });
    await settle();
    expect(a.snapshot.dirty).toBe(true);
    expect(b.snapshot.dirty).toBe(true);
    const updatedAt = await a.save("manual");
    await settle();
    const put = hub.saves.at(-1);
    expect(put?.versionKind).toBe("manual");
    expect(JSON.parse(put?.content ?? "")).toEqual(a.snapshot.document);
    expect(put?.yStateSeq).toBe(hub.log.filter((l) => l.seq <= (put?.yStateSeq ?? 0)).at(-1)?.seq);
    expect(a.snapshot.lastSavedAt).toBe(updatedAt);
    expect(a.snapshot.dirty).toBe(false);
    expect(b.snapshot.dirty).toBe(false);
    // The yState decodes to the same document.
    const check = new Y.Doc();
    Y.applyUpdate(check, Uint8Array.from(atob(put?.yState ?? ""), (c) => c.charCodeAt(0)));
    expect(check.getMap("elements").has("t")).toBe(true);
  });

  test("a joiner finds the room's unsaved edits unsaved, and a peer's later save clears that", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    a.editor.updateElement("t", { text: "not saved yet" });
    await settle();
    const { s: b } = await join(hub, "b");
    expect(text(b)).toBe("not saved yet");
    expect(b.snapshot.dirty).toBe(true);
    await a.save();
    await settle();
    expect(b.snapshot.dirty).toBe(false);
  });

  test("content changed outside the designer since the last designer save replaces the shared document on the next join", async () => {
    const hub = new FakeHub();
    const first = await join(hub, "a");
    await first.s.close();
    const changed = { ...DOC, pageSize: { id: "letter" } };
    hub.putContent(JSON.stringify(changed));
    const { s: b } = await join(hub, "b");
    expect(b.snapshot.document).toEqual(changed);
    // Unchanged content leaves live edits alone.
    b.editor.updateElement("t", { text: "live, unsaved" });
    await settle();
    const { s: c } = await join(hub, "c");
    expect(text(c)).toBe("live, unsaved");
  });

  test("a change stored outside the designer while it is open reaches every open canvas; the designer's own saves do not", async () => {
    const hub = new FakeHub();
    const fast = { checkEveryMs: 20, confirmAfterMs: 20 };
    const { s: a } = await join(hub, "a", true, fast);
    const { s: b } = await join(hub, "b", true, fast);
    await a.save();
    a.editor.updateElement("t", { text: "after my save" });
    await expect.poll(() => text(b), { timeout: 2000 }).toBe("after my save");
    const elsewhere = { ...DOC, pageSize: { id: "a5" } };
    hub.putContent(JSON.stringify(elsewhere));
    await expect.poll(() => b.snapshot.document, { timeout: 2000 }).toEqual(elsewhere);
    await expect.poll(() => a.snapshot.document, { timeout: 2000 }).toEqual(elsewhere);
    expect(a.snapshot.dirty).toBe(false);
  });

  test("restoring a version replaces the document for everyone and saves it as a restore", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    const { s: b } = await join(hub, "b");
    const old = { ...DOC, bands: [{ ...DOC.bands[0]!, elements: [{ id: "t", type: "text" as const, x: 9, y: 9, width: 50, height: 10, text: "Version one" }] }] };
    hub.versions.set("v1", JSON.stringify(old));
    await a.restoreVersion("v1");
    await settle();
    expect(a.snapshot.document).toEqual(old);
    expect(b.snapshot.document).toEqual(old);
    expect(hub.saves.at(-1)?.versionKind).toBe("restore");
    // One undo step brings the previous document back.
    a.undo();
    await settle();
    expect(b.snapshot.document).toEqual(DOC);
  });

  test("the interaction lock: refused while a peer holds it; a simultaneous earlier claim wins", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "a");
    const { s: b } = await join(hub, "b");
    expect(a.claim(["t"], "move")).toBe(true);
    await expect.poll(() => b.lockedBy("t")?.user.name, { timeout: 2000 }).toBe("a");
    expect(b.claim(["t"], "move")).toBe(false);
    a.release();
    await expect.poll(() => b.lockedBy("t"), { timeout: 2000 }).toBeUndefined();
    // A race: both claim before seeing the other; the earlier claim keeps it, the other loses its lock.
    b.setLocal({ lock: { ids: ["t"], kind: "move", since: 2000 } });
    a.setLocal({ lock: { ids: ["t"], kind: "move", since: 1000 } });
    await expect.poll(() => b.snapshot.local.lock, { timeout: 2000 }).toBeNull();
    // A has seen B's claim too (B's lock reached it before B dropped it) and kept its own.
    await expect.poll(() => a.lockedBy("t"), { timeout: 2000 }).toBeUndefined();
    expect(a.snapshot.local.lock).not.toBeNull();
  });

  test("cursors and selections reach the peer with the user's name and colour", async () => {
    const hub = new FakeHub();
    const { s: a } = await join(hub, "Ann");
    const { s: b } = await join(hub, "Bob");
    a.setLocal({ cursor: { x: 12, y: 34 }, selection: ["t"] });
    await expect.poll(() => b.snapshot.peers.find((p) => p.user.name === "Ann")?.cursor, { timeout: 2000 }).toEqual({ x: 12, y: 34 });
    const ann = b.snapshot.peers.find((p) => p.user.name === "Ann");
    expect(ann?.cursor).toEqual({ x: 12, y: 34 });
    expect(ann?.selection).toEqual(["t"]);
    expect(ann?.user.colour).toBe("#123456");
  });
});

describe("the template's sample data in the room (shared, saved with the template)", () => {
  const pretty = (v: unknown) => JSON.stringify(v, null, 2);

  test("seeded from the stored data; a peer sees each edit; saving sends it and leaves nobody dirty", async () => {
    const hub = new FakeHub();
    hub.template = { ...hub.template, sampleData: { number: "A-1" } };
    const { s: a } = await join(hub, "ann");
    const { s: b } = await join(hub, "ben");
    expect(a.snapshot.sampleDataText).toBe(pretty({ number: "A-1" }));
    expect(b.snapshot.sampleDataText).toBe(pretty({ number: "A-1" }));
    expect(a.snapshot.dirty).toBe(false);
    const base = a.snapshot.sampleDataText;
    a.editSampleData(base, base.replace("A-1", "A-12"));
    await settle();
    expect(b.snapshot.sampleDataText).toBe(pretty({ number: "A-12" }));
    expect(a.snapshot.dirty).toBe(true);
    expect(b.snapshot.dirty).toBe(true);
    await a.save();
    await settle();
    expect(hub.saves.at(-1)?.sampleData).toEqual({ number: "A-12" });
    expect(a.snapshot.dirty).toBe(false);
    expect(b.snapshot.dirty).toBe(false);
  });

  test("two people editing the data at once both keep their edits", async () => {
    const hub = new FakeHub();
    hub.template = { ...hub.template, sampleData: { a: 1, z: 2 } };
    const { s: a, t: ta } = await join(hub, "ann");
    const { s: b } = await join(hub, "ben");
    const base = a.snapshot.sampleDataText;
    ta.drop();
    a.editSampleData(base, base.replace('"a": 1', '"a": 10'));
    b.editSampleData(base, base.replace('"z": 2', '"z": 20'));
    ta.reconnect();
    await settle();
    expect(JSON.parse(a.snapshot.sampleDataText)).toEqual({ a: 10, z: 20 });
    expect(b.snapshot.sampleDataText).toBe(a.snapshot.sampleDataText);
  });

  test("text that is not a JSON object is not sent (the stored data is kept); emptied, it is sent as none", async () => {
    const hub = new FakeHub();
    hub.template = { ...hub.template, sampleData: { n: 1 } };
    const { s: a } = await join(hub, "ann");
    a.editSampleData(a.snapshot.sampleDataText, "{ not json");
    await a.save();
    expect(hub.saves.at(-1)).not.toHaveProperty("sampleData");
    expect(hub.template.sampleData).toEqual({ n: 1 });
    a.editSampleData(a.snapshot.sampleDataText, "");
    await a.save();
    expect(hub.saves.at(-1)?.sampleData).toBeNull();
  });

  test("restoring a version brings its sample data back for everyone", async () => {
    const hub = new FakeHub();
    hub.template = { ...hub.template, sampleData: { number: "now" } };
    const { s: a } = await join(hub, "ann");
    const { s: b } = await join(hub, "ben");
    hub.versions.set("v1", JSON.stringify(DOC));
    hub.versionSamples.set("v1", { number: "then" });
    await a.restoreVersion("v1");
    await settle();
    expect(JSON.parse(b.snapshot.sampleDataText)).toEqual({ number: "then" });
    expect(hub.saves.at(-1)).toMatchObject({ versionKind: "restore", sampleData: { number: "then" } });
  });

  test("a room seeded before sample data was shared takes the stored data when an editor joins", async () => {
    const hub = new FakeHub();
    // The room as an older designer left it: the document and meta, no sample data root.
    const old = new Y.Doc();
    documentToYDoc(DOC, old);
    old.getMap("meta").set("contentUpdatedAt", hub.template.updatedAt);
    hub.append(Y.encodeStateAsUpdate(old));
    hub.template = { ...hub.template, sampleData: { number: "kept" } };
    const { s: a } = await join(hub, "ann");
    expect(JSON.parse(a.snapshot.sampleDataText)).toEqual({ number: "kept" });
    expect(a.snapshot.dirty).toBe(false);
  });
});
