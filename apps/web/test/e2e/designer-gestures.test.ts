// Designer gestures in Chromium against a real server, with two editors on one report template (issue 31,
// items 1 and 7). Every element kind (an image, a barcode and an inline-SVG icon are <img>s the browser would
// drag itself) moves and resizes, and the other editor's canvas shows the result with no lock or ghost left
// behind; a gesture interrupted by Escape, a window blur or the loss of pointer capture ends without an edit
// and releases its lock; a drag after an image's drag moves what it grabbed, not the image. Then placement
// and entry: the band-height grip leaves an element on the band's bottom edge draggable, a new element lands
// in free space of the selected band, and "Add band" scrolls neither the page nor the canvas.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { type Box, json, logIn, PASSWORD, shown } from "./steps.js";
import { launchBrowser, openPage, screenshot, startStack, type Stack, type Watched } from "./support.js";

/** A red 1×1 PNG (drawn stretched): a real <img> on the canvas. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const SVG_ICON = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'><circle cx='5' cy='5' r='4' fill='#e11d48'/></svg>";

/** One element of every kind, spaced so that a drag of 24 px or a resize of 30 px touches no other, all within the canvas pane at 75 %. */
const ELEMENTS = [
  { id: "txt", type: "text", x: 10, y: 10, width: 110, height: 24, text: "Invoice {{number}}" },
  { id: "md", type: "markdown", x: 160, y: 10, width: 100, height: 30, text: "**Bold** note" },
  { id: "img", type: "image", x: 300, y: 10, width: 50, height: 50, src: PNG, fit: "fill" },
  { id: "tbl", type: "table", x: 10, y: 100, width: 130, height: 38, bindingField: "items", columns: [{ key: "name", header: "Name", width: 130 }] },
  { id: "ln", type: "line", x: 180, y: 120, width: 80, height: 0, stroke: "#111827", strokeWidth: 2 },
  { id: "rc", type: "rect", x: 300, y: 100, width: 50, height: 40, stroke: "#111827", fill: "#fde68a" },
  { id: "ell", type: "ellipse", x: 10, y: 200, width: 60, height: 50, stroke: "#111827", fill: "#bfdbfe" },
  { id: "bc", type: "barcode", x: 120, y: 200, width: 120, height: 50, format: "code128", value: "DOC-31" },
  { id: "ic", type: "icon", x: 300, y: 200, width: 40, height: 40, svg: SVG_ICON },
] as const;

const DOCUMENT = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    { id: "main", kind: "report-header", height: 330, elements: ELEMENTS },
    // A rectangle whose bottom edge is the band's: the band's height grip must not cover it.
    { id: "foot", kind: "report-footer", height: 60, elements: [{ id: "edge", type: "rect", x: 200, y: 30, width: 120, height: 30, stroke: "#111827", fill: "#d1fae5" }] },
  ],
  schema: [{ key: "number", type: "string", sample: "A-1" }, { key: "items", type: "array", fields: [{ key: "name", type: "string", sample: "Tea" }] }],
};

/** Screenshots are named …-after; SCREENSHOT_SUFFIX=before names those taken on the code before the fix. */
const SHOT = process.env["SCREENSHOT_SUFFIX"] ?? "after";

/** The generous bound for a peer to show a change (the machine is shared). */
const PEER_WAIT_MS = 15_000;

/** Waits until the canvas shows element `id` with exactly this box. */
async function showsBox(page: Page, id: string, b: Box): Promise<void> {
  await page.locator(`[data-testid="element-${id}"][data-x="${b.x}"][data-y="${b.y}"][data-width="${b.width}"][data-height="${b.height}"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
}

/** Waits until `page` shows no peer's lock on `id` and no peer's ghost anywhere. */
async function noLockNorGhost(page: Page, id: string): Promise<void> {
  await page.locator(`[data-testid="element-${id}"]:not([data-locked-by])`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
  await page.locator('[data-testid="remote-ghost"]').first().waitFor({ state: "detached", timeout: PEER_WAIT_MS });
}

/** Presses the mouse on the middle of element `id` (or its handle) and moves it by (dx, dy) CSS pixels in small steps. */
async function pressAndMove(page: Page, testId: string, dx: number, dy: number): Promise<void> {
  const box = await page.getByTestId(testId).first().boundingBox();
  assert.ok(box, `${testId} is on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(x + (dx * i) / 6, y + (dy * i) / 6);
}

async function drag(page: Page, testId: string, dx: number, dy: number): Promise<void> {
  await pressAndMove(page, testId, dx, dy);
  await page.mouse.up();
}

async function online(page: Page): Promise<void> {
  await page.locator('[data-testid="designer-status"][data-status="online"]').waitFor({ state: "attached" });
}

describe("designer gestures (Chromium, two editors)", () => {
  let stack: Stack;
  let browser: Browser;
  let a: Watched;
  let b: Watched;
  const stamp = Date.now().toString(36);
  const emailA = `gia-${stamp}@example.test`;
  const emailB = `gib-${stamp}@example.test`;
  let templateId = "";

  before(async () => {
    stack = await startStack();
    const tokenA = (await json(stack, "POST", "/api/auth/signup", null, { email: emailA, password: PASSWORD })).accessToken as string;
    const invite = await json(stack, "POST", "/api/workspaces/current/invites", tokenA, { email: emailB, role: "Editor" });
    const tokenB = (await json(stack, "POST", "/api/auth/signup", null, { email: emailB, password: PASSWORD })).accessToken as string;
    await json(stack, "POST", `/api/invites/${encodeURIComponent(invite.token as string)}/accept`, tokenB);
    templateId = (await json(stack, "POST", "/api/templates", tokenA, { name: "Gestures", content: JSON.stringify(DOCUMENT, null, 2) })).id as string;
    browser = await launchBrowser();
    a = await openPage(browser, stack.url);
    b = await openPage(browser, stack.url);
    await Promise.all([logIn(a.page, stack.url, emailA), logIn(b.page, stack.url, emailB)]);
    for (const w of [a, b]) {
      await w.page.goto(`${stack.url}/templates/${templateId}/design`);
      await online(w.page);
      await w.page.getByTestId("element-txt").waitFor();
      // 75 % (a point is a CSS pixel): the whole content box is inside the canvas pane at 1280 × 800.
      await w.page.getByTestId("zoom").selectOption("0.75");
    }
    // Drawn before dragging: the barcode's and the icon's <img>s (the barcode encoder is a lazy chunk).
    await a.page.locator('[data-testid="element-bc"] img[data-barcode="code128"]').waitFor();
    await a.page.locator('[data-testid="element-ic"] img').waitFor();
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  test("an image dragged moves, and the next drag moves what it grabbed (no stuck gesture)", async () => {
    const img = await shown(a.page, "img");
    const txt = await shown(a.page, "txt");
    await drag(a.page, "element-img", -24, 30);
    // The other editor's view of the same moment: the image's lock and ghost are what a stuck gesture leaves.
    await screenshot(b.page, `issue31-drag-peer-${SHOT}`);
    await screenshot(a.page, `issue31-drag-${SHOT}`);
    const moved = await shown(a.page, "img");
    assert.notDeepEqual({ x: moved.x, y: moved.y }, { x: img.x, y: img.y }, "the image moved");
    await drag(a.page, "element-txt", 30, 0);
    const txtMoved = await shown(a.page, "txt");
    assert.ok(txtMoved.x > txt.x, `the text moved (${txt.x} → ${txtMoved.x})`);
    assert.deepEqual(await shown(a.page, "img"), moved, "the image stayed where it was dropped");
    await showsBox(b.page, "img", moved);
    await showsBox(b.page, "txt", txtMoved);
    await noLockNorGhost(b.page, "img");
    await noLockNorGhost(b.page, "txt");
  });

  for (const { id, type } of ELEMENTS) {
    test(`a ${type} moves and resizes, and its lock is released on the other canvas`, async () => {
      const start = await shown(a.page, id);
      await drag(a.page, `element-${id}`, 24, 18);
      const moved = await shown(a.page, id);
      assert.ok(moved.x > start.x && moved.y > start.y, `${id} moved (${start.x},${start.y} → ${moved.x},${moved.y})`);
      await showsBox(b.page, id, moved);
      await noLockNorGhost(b.page, id);
      // Selected by the drag: its east handle widens it.
      await a.page.locator(`[data-testid="element-${id}"][data-selected="true"]`).waitFor();
      await drag(a.page, "handle-e", 30, 0);
      const resized = await shown(a.page, id);
      assert.ok(resized.width > moved.width, `${id} widened (${moved.width} → ${resized.width})`);
      assert.equal(resized.x, moved.x);
      await showsBox(b.page, id, resized);
      await noLockNorGhost(b.page, id);
      // And the other editor can take it at once: the lock is gone for real.
      await drag(b.page, `element-${id}`, -24, -18);
      const back = await shown(b.page, id);
      assert.ok(back.x < resized.x, `B moved ${id} back (${resized.x} → ${back.x})`);
      await showsBox(a.page, id, back);
      await noLockNorGhost(a.page, id);
    });
  }

  /** Starts a drag of `id` on A, checks that B sees its lock and ghost, interrupts it, and checks that nothing moved and nothing is left. */
  async function interrupted(id: string, interrupt: () => Promise<void>): Promise<void> {
    const start = await shown(a.page, id);
    const el = a.page.getByTestId(`element-${id}`);
    const drawnAt = await el.getAttribute("style");
    await pressAndMove(a.page, `element-${id}`, 30, 20);
    await b.page.locator(`[data-testid="element-${id}"][data-locked-by="${emailA}"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
    await b.page.locator(`[data-testid="remote-ghost"][data-element-id="${id}"]`).waitFor({ state: "attached", timeout: PEER_WAIT_MS });
    assert.notEqual(await el.getAttribute("style"), drawnAt, "the drag previews the move");
    await interrupt();
    // The gesture is over: A draws the element where it is stored again, B sees neither lock nor ghost.
    await a.page.locator(`[data-testid="element-${id}"][style="${drawnAt}"]`).waitFor({ state: "attached" });
    await noLockNorGhost(b.page, id);
    // Moving and releasing the mouse afterwards commits nothing.
    await a.page.mouse.move(10, 10, { steps: 3 });
    await a.page.mouse.up();
    assert.deepEqual(await shown(a.page, id), start, `${id} did not move`);
    assert.deepEqual(await shown(b.page, id), start, `${id} did not move for B`);
    assert.equal(await el.getAttribute("style"), drawnAt);
  }

  test("Escape ends a drag without an edit and releases the lock", async () => {
    await interrupted("img", () => a.page.keyboard.press("Escape"));
  });

  test("a window blur ends a drag without an edit and releases the lock", async () => {
    await interrupted("bc", () => a.page.evaluate(`window.dispatchEvent(new Event("blur"))`));
  });

  test("losing pointer capture ends a drag without an edit and releases the lock", async () => {
    await interrupted("rc", async () => {
      // The mouse is pointer 1 in Chromium; whichever element holds it lets go.
      const released = await a.page.evaluate<boolean>(`(() => {
        for (const el of document.querySelectorAll("*")) {
          if (el.hasPointerCapture(1)) { el.releasePointerCapture(1); return true; }
        }
        return false;
      })()`);
      assert.ok(released, "the gesture held the pointer");
    });
  });

  test("an element on a band's bottom edge is dragged, not the band's height", async () => {
    const foot = await shown(a.page, "edge");
    const band = a.page.getByTestId("band-foot");
    const heightBefore = (await band.boundingBox())!.height;
    const box = (await a.page.getByTestId("element-edge").boundingBox())!;
    // Grabbed 2 px above its bottom edge, which is the band's.
    const x = box.x + box.width / 2;
    const y = box.y + box.height - 2;
    const hit = await a.page.evaluate<string | undefined>(`document.elementFromPoint(${x}, ${y})?.closest("[data-testid]")?.getAttribute("data-testid")`);
    assert.equal(hit, "element-edge", "the element is on top at its bottom edge");
    await a.page.mouse.move(x, y);
    await a.page.mouse.down();
    for (let i = 1; i <= 6; i++) await a.page.mouse.move(x + i * 5, y - i * 3);
    await a.page.mouse.up();
    const moved = await shown(a.page, "edge");
    assert.ok(moved.x > foot.x, `the element moved (${foot.x} → ${moved.x})`);
    assert.equal((await band.boundingBox())!.height, heightBefore, "the band kept its height");
    // The grip is still there for the band's height, beside the content.
    assert.equal(await a.page.getByTestId("band-grip-foot").count(), 1);
  });

  test("a new element lands in free space of the selected band", async () => {
    const band = a.page.getByTestId("band-main");
    const bb = (await band.boundingBox())!;
    // An empty spot of the band selects it (low on its left: nothing is there).
    await band.click({ position: { x: 20, y: bb.height - 30 } });
    await a.page.getByTestId("tool-rect").click();
    const added = a.page.locator('[data-testid^="element-rect"][data-selected="true"]');
    await added.waitFor();
    const id = ((await added.getAttribute("data-testid")) ?? "").slice("element-".length);
    const box = await shown(a.page, id);
    await a.page.getByTestId("zoom").selectOption("fit");
    await screenshot(a.page, `issue31-placement-${SHOT}`);
    await a.page.getByTestId("zoom").selectOption("0.75");
    for (const other of ELEMENTS) {
      const o = await shown(a.page, other.id);
      const overlaps = box.x < o.x + o.width && o.x < box.x + box.width && box.y < o.y + o.height && o.y < box.y + box.height;
      assert.ok(!overlaps, `the new rectangle (${JSON.stringify(box)}) does not cover ${other.id} (${JSON.stringify(o)})`);
    }
    assert.ok(box.y + box.height <= DOCUMENT.bands[0]!.height, "inside the band");
  });

  test("Add band scrolls neither the page nor the canvas", async () => {
    // At 150 % the canvas scrolls. The designer fits the window (its panes scroll, not the page), so the page has
    // no room to scroll; should a layout give it some, it must stay put too.
    await a.page.getByTestId("zoom").selectOption("1.5");
    const foot = a.page.getByTestId("band-foot");
    await foot.scrollIntoViewIfNeeded();
    await a.page.evaluate(`window.scrollTo(0, 0)`);
    const where = `({ page: window.scrollY, canvas: document.querySelector('[data-testid="canvas-scroll"]').scrollTop, room: document.documentElement.scrollHeight - window.innerHeight })`;
    const before = await a.page.evaluate<{ page: number; canvas: number; room: number }>(where);
    assert.ok(before.canvas > 0, `the canvas is scrolled (${JSON.stringify(before)})`);
    // The band the new one goes after is chosen first, by a click on an empty spot of it.
    const fb = (await foot.boundingBox())!;
    assert.ok(fb.y + fb.height / 2 < 800, "the band is in view");
    await a.page.mouse.click(fb.x + 12, fb.y + fb.height / 2);
    await a.page.locator('[data-testid="band-foot"].selected').waitFor();
    const bands = await a.page.locator("[data-band-kind]").count();
    await a.page.getByTestId("add-band").click();
    await a.page.locator("[data-band-kind]").nth(bands).waitFor({ state: "attached" });
    const after = await a.page.evaluate<{ page: number; canvas: number; room: number }>(where);
    assert.deepEqual({ page: after.page, canvas: after.canvas }, { page: before.page, canvas: before.canvas });
    await a.page.getByTestId("zoom").selectOption("0.75");
  });

  test("no console errors in either context", () => {
    for (const [name, w] of [["A", a], ["B", b]] as const) assert.deepEqual(w.errors, [], `${name}: ${w.errors.join("\n")}`);
  });
});
