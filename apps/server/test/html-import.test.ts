// import-html and upgrade-to-report over HTTP: HTML becomes a stored report template; an html template is
// upgraded in place with its HTML kept as a version that restores it as an html template.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { fixtureText } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  await t.deps.db.updateTable("workspaces").set({ plan: "pro" }).where("id", "=", owner.workspaceId).execute();
});
after(() => t.close());

const LETTER = `<style>@page { size: A5; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }</style>
<h1>Hello {{name}}</h1><table><tr data-each="items"><td>{{label}}</td><td>{{qty}}</td></tr></table>`;

describe("import-html", () => {
  test("POST /api/templates/import-html stores a report template that renders the HTML's text", async () => {
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Invoice (imported)", html: await fixtureText("invoice.html") } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.editorMode, "report");
    const document = JSON.parse(res.body.content as string) as { version: number; bands: { kind: string; bindingField?: string }[] };
    assert.equal(document.version, 4);
    assert.ok(document.bands.some((b) => b.kind === "detail" && b.bindingField === "items"));
    const rendered = await t.call("POST", `/api/templates/${res.body.id as string}/render`, { token: owner.token, body: { data: JSON.parse(await fixtureText("invoice-20.data.json")) } });
    assert.equal(rendered.status, 200);
    assert.equal(rendered.headers.get("x-page-count"), "2");
  });

  test("with sampleData, the report prints as many pages as the HTML with that data (500 rows)", async () => {
    const html = await fixtureText("invoice.html");
    const data = JSON.parse(await fixtureText("invoice-500.data.json")) as Record<string, unknown>;
    const pages = async (path: string, body: Record<string, unknown>): Promise<number> => {
      const res = await t.call("POST", `${path}?diagnostics=json`, { token: owner.token, body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.pages as number;
    };
    const fromHtml = await pages("/api/render", { content: html, data });
    const res = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Invoice (sized)", html, sampleData: data } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(await pages(`/api/templates/${res.body.id as string}/render`, { data }), fromHtml);
    // Without a sample, tokens count as short words: the Amount column is narrower, Description wraps less.
    const unsized = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "Invoice (unsized)", html } });
    assert.ok((await pages(`/api/templates/${unsized.body.id as string}/render`, { data })) < fromHtml);
  });

  test("bad bodies are 400s; without a session, 401", async () => {
    const notObject = await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "x", html: LETTER, sampleData: [1] } });
    assertProblem(notObject, 400);
    assert.deepEqual(notObject.body.errors, { sampleData: ["sampleData must be a JSON object."] });
    assertProblem(await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "x", html: "  " } }), 400);
    assertProblem(await t.call("POST", "/api/templates/import-html", { token: owner.token, body: { name: "x" } }), 400);
    assertProblem(await t.call("POST", "/api/templates/import-html", { body: { name: "x", html: LETTER } }), 401);
  });
});

describe("upgrade-to-report", () => {
  test("an html template becomes a report template; its HTML version restores it as html", async () => {
    const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Letter", content: LETTER, editorMode: "html" } });
    const id = created.body.id as string;
    const upgraded = await t.call("POST", `/api/templates/${id}/upgrade-to-report`, { token: owner.token });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    assert.equal(upgraded.body.editorMode, "report");
    const doc = JSON.parse(upgraded.body.content as string) as { bands: { kind: string; elements: { text?: string }[] }[] };
    assert.ok(doc.bands.find((b) => b.kind === "page-footer")?.elements.some((e) => e.text === "Page {{$page}} of {{$pages}}"));
    const render = await t.call("POST", `/api/templates/${id}/render`, { token: owner.token, body: { data: { name: "Ada", items: [{ label: "a", qty: 1 }] } } });
    assert.equal(render.status, 200);
    assertProblem(await t.call("POST", `/api/templates/${id}/upgrade-to-report`, { token: owner.token }), 409);
    // The HTML was recorded as a version before the upgrade.
    const versions = (await t.call("GET", `/api/templates/${id}/versions`, { token: owner.token })).body as unknown as { id: string; editorMode: string; kind: string }[];
    const html = versions.find((v) => v.editorMode === "html" && v.kind === "manual");
    assert.ok(html, JSON.stringify(versions));
    const version = await t.call("GET", `/api/templates/${id}/versions/${html.id}`, { token: owner.token });
    assert.equal(version.status, 200);
    assert.equal(version.body.content, LETTER);
    const restored = await t.call("PUT", `/api/templates/${id}`, { token: owner.token, body: { content: version.body.content, editorMode: version.body.editorMode, versionKind: "restore" } });
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal(restored.body.editorMode, "html");
    assert.equal((await t.call("GET", `/api/templates/${id}`, { token: owner.token })).body.editorMode, "html");
  });

  test("an optional body: { sampleData } sizes the table columns; an empty JSON body is the same as none", async () => {
    const html = await fixtureText("invoice.html");
    const data = JSON.parse(await fixtureText("invoice-500.data.json")) as Record<string, unknown>;
    const created = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Invoice", content: html, editorMode: "html" } });
    const id = created.body.id as string;
    const fromHtml = await t.call("POST", `/api/templates/${id}/render?diagnostics=json`, { token: owner.token, body: { data } });
    const upgraded = await t.call("POST", `/api/templates/${id}/upgrade-to-report`, { token: owner.token, body: { sampleData: data } });
    assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
    const fromReport = await t.call("POST", `/api/templates/${id}/render?diagnostics=json`, { token: owner.token, body: { data } });
    assert.equal(fromReport.body.pages, fromHtml.body.pages);

    const other = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Letter 2", content: LETTER, editorMode: "html" } });
    const empty = await t.call("POST", `/api/templates/${other.body.id as string}/upgrade-to-report`, { token: owner.token, body: "", headers: { "Content-Type": "application/json" } });
    assert.equal(empty.status, 200, JSON.stringify(empty.body));
    const third = await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Letter 3", content: LETTER, editorMode: "html" } });
    const notObject = await t.call("POST", `/api/templates/${third.body.id as string}/upgrade-to-report`, { token: owner.token, body: { sampleData: "rows" } });
    assertProblem(notObject, 400);
    assert.deepEqual(notObject.body.errors, { sampleData: ["sampleData must be a JSON object."] });
    assertProblem(await t.call("POST", `/api/templates/${third.body.id as string}/upgrade-to-report`, { token: owner.token, body: "{" }), 400);
  });
});
