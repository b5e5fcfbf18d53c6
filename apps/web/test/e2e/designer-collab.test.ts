// The band designer together, in Chromium against a real server: two editors and a Viewer open one report
// template at /templates/{id}/design. Each editor sees the other's cursor and change (the time it took is
// reported, not asserted: the machine is shared); after both save, the stored document equals what both
// canvases show; the Viewer cannot move anything; undo in one context reverts only its own change; restoring
// a version shows it in both contexts; an element one editor drags is locked (with its ghost) for the other.
import assert from "node:assert/strict";
import { after, before, describe, test, type TestContext } from "node:test";
import type { Browser, Page } from "playwright-core";
import { type Box, json, logIn, PASSWORD, shown } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

interface StoredElement extends Box {
  readonly id: string;
}

const DOCUMENT = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    {
      id: "head",
      kind: "report-header",
      // Tall enough that no element dragged here reaches the band's bottom edge (its height grip).
      height: 260,
      elements: [
        { id: "title", type: "text", x: 20, y: 20, width: 200, height: 30, fontSize: 18, text: "Invoice {{number}}" },
        { id: "note", type: "text", x: 20, y: 100, width: 200, height: 24, text: "Thank you" },
      ],
    },
    { id: "rows", kind: "detail", height: 40, bindingField: "items", elements: [{ id: "item", type: "text", x: 20, y: 8, width: 200, height: 20, text: "{{name}}" }] },
  ],
  schema: [{ key: "number", type: "string", sample: "A-1" }, { key: "items", type: "array", fields: [{ key: "name", type: "string" }] }],
};

/** The generous bound for a peer to show a change; the issue's 1 s is measured and reported, not asserted. */
const PEER_WAIT_MS = 15_000;

/** Waits until the canvas shows element `id` with `x` (and `y`). */
async function showsAt(page: Page, id: string, x: number, y?: number, timeout = PEER_WAIT_MS): Promise<void> {
  const selector = `[data-testid="element-${id}"][data-x="${x}"]${y === undefined ? "" : `[data-y="${y}"]`}`;
  await page.locator(selector).waitFor({ state: "attached", timeout });
}

/** Drags an element's centre by (dx, dy) CSS pixels with the mouse, in small steps as a hand would. */
async function drag(page: Page, id: string, dx: number, dy: number): Promise<void> {
  const box = await page.getByTestId(`element-${id}`).boundingBox();
  assert.ok(box, `element-${id} is on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

async function online(page: Page): Promise<void> {
  await page.locator('[data-testid="designer-status"][data-status="online"]').waitFor({ state: "attached" });
}

async function saveDesign(page: Page): Promise<void> {
  await page.getByTestId("save").click();
  await page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
}

/** The elements of a stored document, by id. */
function storedElements(content: string): Map<string, StoredElement> {
  const doc = JSON.parse(content) as { bands: { elements: StoredElement[] }[] };
  return new Map(doc.bands.flatMap((b) => b.elements).map((e) => [e.id, e]));
}

function report(t: TestContext, what: string, ms: number): void {
  t.diagnostic(`${what}: ${ms} ms (the issue asks for within 1 s)`);
}

describe("band designer together (Chromium)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  let b: Watched;
  let v: Watched;
  const stamp = Date.now().toString(36);
  const emailA = `ann-${stamp}@example.test`;
  const emailB = `ben-${stamp}@example.test`;
  const emailV = `val-${stamp}@example.test`;
  let tokenA = "";
  let templateId = "";
  let designUrl = "";
  /** The stored content after both saved (the version restored at the end). */
  let savedContent = "";

  before(async () => {
    stack = await startStack();
    tokenA = (await json(stack, "POST", "/api/auth/signup", null, { email: emailA, password: PASSWORD })).accessToken as string;
    for (const [email, role] of [[emailB, "Editor"], [emailV, "Viewer"]] as const) {
      const invite = await json(stack, "POST", "/api/workspaces/current/invites", tokenA, { email, role });
      const token = (await json(stack, "POST", "/api/auth/signup", null, { email, password: PASSWORD })).accessToken as string;
      await json(stack, "POST", `/api/invites/${encodeURIComponent(invite.token as string)}/accept`, token);
    }
    templateId = (await json(stack, "POST", "/api/templates", tokenA, { name: "Together", content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    designUrl = `${stack.url}/templates/${templateId}/design`;
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    b = await openPage(browser, stack.url);
    v = await openPage(browser, stack.url);
    await Promise.all([logIn(a.page, stack.url, emailA), logIn(b.page, stack.url, emailB), logIn(v.page, stack.url, emailV)]);
    for (const w of [a, b, v]) {
      await w.page.goto(designUrl);
      await online(w.page);
      await w.page.getByTestId("element-title").waitFor();
    }
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("each editor sees the other's cursor and change", async (t) => {
    const canvas = await a.page.getByTestId("designer-canvas").boundingBox();
    assert.ok(canvas);
    let start = Date.now();
    await a.page.mouse.move(canvas.x + 150, canvas.y + 60, { steps: 3 });
    await b.page.locator(`[data-testid="remote-cursor"][data-user="${emailA}"]`).waitFor({ state: "visible", timeout: PEER_WAIT_MS });
    report(t, "A's cursor on B's canvas", Date.now() - start);
    await b.page.mouse.move(canvas.x + 250, canvas.y + 90, { steps: 3 });
    await a.page.locator(`[data-testid="remote-cursor"][data-user="${emailB}"]`).waitFor({ state: "visible", timeout: PEER_WAIT_MS });
    // The Viewer sees both cursors too (awareness is not editing).
    await v.page.locator(`[data-testid="remote-cursor"][data-user="${emailA}"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });

    const before = await shown(a.page, "title");
    await drag(a.page, "title", 60, 0);
    const moved = await shown(a.page, "title");
    assert.ok(moved.x > before.x, `A's drag moved the title (${before.x} → ${moved.x})`);
    start = Date.now();
    await showsAt(b.page, "title", moved.x, moved.y);
    report(t, "A's move on B's canvas", Date.now() - start);

    const noteBefore = await shown(b.page, "note");
    await drag(b.page, "note", 0, 30);
    const noteMoved = await shown(b.page, "note");
    assert.ok(noteMoved.y > noteBefore.y, `B's drag moved the note (${noteBefore.y} → ${noteMoved.y})`);
    start = Date.now();
    await showsAt(a.page, "note", noteMoved.x, noteMoved.y);
    report(t, "B's move on A's canvas", Date.now() - start);
    await screenshot(a.page, "designer-together");
  });

  test("after both save, the stored document equals what both canvases show", async () => {
    await saveDesign(a.page);
    await drag(b.page, "item", 40, 0);
    const item = await shown(b.page, "item");
    await showsAt(a.page, "item", item.x, item.y);
    await saveDesign(b.page);
    // A sees B's save as its own state: nothing left unsaved.
    await a.page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
    const stored = await json(stack, "GET", `/api/templates/${templateId}`, tokenA);
    savedContent = stored.content as string;
    const elements = storedElements(savedContent);
    assert.deepEqual([...elements.keys()].sort(), ["item", "note", "title"]);
    for (const page of [a.page, b.page, v.page]) {
      const onCanvas = await page.getByTestId("designer-canvas").locator('[data-testid^="element-"][data-x]').evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")?.slice("element-".length)));
      assert.deepEqual(onCanvas.sort(), ["item", "note", "title"]);
      for (const [id, el] of elements) {
        await showsAt(page, id, el.x, el.y);
        assert.deepEqual(await shown(page, id), { x: el.x, y: el.y, width: el.width, height: el.height }, `${id} on ${page === a.page ? "A" : page === b.page ? "B" : "the Viewer"}`);
      }
    }
  });

  test("a Viewer cannot move anything", async () => {
    await v.page.getByTestId("read-only").waitFor();
    assert.equal(await v.page.getByTestId("save").count(), 0);
    const before = await shown(v.page, "title");
    await drag(v.page, "title", 80, 40);
    assert.deepEqual(await shown(v.page, "title"), before);
    // Nothing reached the others: A makes a change, the Viewer sees it, and the title is where it was everywhere.
    const noteBefore = await shown(a.page, "note");
    await drag(a.page, "note", 20, 0);
    const note = await shown(a.page, "note");
    assert.notDeepEqual(note, noteBefore, "A's drag moved the note");
    await showsAt(v.page, "note", note.x, note.y);
    assert.deepEqual(await shown(a.page, "title"), before);
    assert.deepEqual(await shown(v.page, "title"), before);
  });

  test("undo in one context reverts only its own change", async () => {
    const titleBefore = await shown(a.page, "title");
    const noteBefore = await shown(b.page, "note");
    await drag(a.page, "title", 0, 40);
    const titleMoved = await shown(a.page, "title");
    assert.notDeepEqual(titleMoved, titleBefore);
    await showsAt(b.page, "title", titleMoved.x, titleMoved.y);
    await drag(b.page, "note", 40, 0);
    const noteMoved = await shown(b.page, "note");
    assert.notDeepEqual(noteMoved, noteBefore, "B's drag moved the note");
    await showsAt(a.page, "note", noteMoved.x, noteMoved.y);
    await a.page.getByTestId("undo").click();
    for (const page of [a.page, b.page]) {
      await showsAt(page, "title", titleBefore.x, titleBefore.y);
      await showsAt(page, "note", noteMoved.x, noteMoved.y);
    }
  });

  test("restoring a version shows it in both contexts", async () => {
    const versions = (await (await fetch(`${stack.url}/api/templates/${templateId}/versions`, { headers: { Authorization: `Bearer ${tokenA}` } })).json()) as { id: string }[];
    let wanted: string | undefined;
    for (const version of versions) {
      const detail = await json(stack, "GET", `/api/templates/${templateId}/versions/${version.id}`, tokenA);
      if (detail.content === savedContent) wanted = version.id;
    }
    assert.ok(wanted, "the version both saved is listed");
    const elements = storedElements(savedContent);
    const differs = async () => {
      for (const [id, el] of elements) {
        const now = await shown(a.page, id);
        if (now.x !== el.x || now.y !== el.y) return true;
      }
      return false;
    };
    assert.ok(await differs(), "the canvas shows something other than the version before the restore");
    await a.page.getByTestId("dtab-Versions").click();
    await a.page.locator(`[data-testid="version-row"][data-version-id="${wanted}"] [data-testid="version-restore"]`).click();
    for (const page of [a.page, b.page, v.page]) {
      for (const [id, el] of elements) await showsAt(page, id, el.x, el.y);
    }
    // The restore is stored too.
    await a.page.getByTestId("save-state").filter({ hasText: /^Saved$/ }).waitFor();
    const stored = await json(stack, "GET", `/api/templates/${templateId}`, tokenA);
    assert.deepEqual(storedElements(stored.content as string), elements);
    await screenshot(b.page, "designer-restored");
  });

  test("while one editor drags an element, the other sees its ghost and cannot drag it", async () => {
    const start = await shown(a.page, "title");
    const box = await a.page.getByTestId("element-title").boundingBox();
    assert.ok(box);
    await a.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await a.page.mouse.down();
    await a.page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20, { steps: 4 });
    await b.page.locator(`[data-testid="element-title"][data-locked-by="${emailA}"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
    await b.page.locator(`[data-testid="remote-ghost"][data-user="${emailA}"][data-element-id="title"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
    await drag(b.page, "title", -40, 0);
    assert.deepEqual(await shown(b.page, "title"), start, "B's drag of a locked element does nothing");
    await a.page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 2 });
    await a.page.mouse.up();
    const dropped = await shown(a.page, "title");
    assert.notDeepEqual(dropped, start);
    await showsAt(b.page, "title", dropped.x, dropped.y);
    // Released: no lock and no ghost left on B's canvas.
    await b.page.locator('[data-testid="element-title"]:not([data-locked-by])').waitFor({ state: "attached", timeout: PEER_WAIT_MS });
    await b.page.locator('[data-testid="remote-ghost"]').waitFor({ state: "detached", timeout: PEER_WAIT_MS });
  });

  test("no console errors in any context", () => {
    for (const [name, w] of [["A", a], ["B", b], ["Viewer", v]] as const) assert.deepEqual(w.errors, [], `${name}: ${w.errors.join("\n")}`);
  });
});
