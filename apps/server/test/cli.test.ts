// The `docsvc` command, run as a child process (tsx for .ts runs, node for the compiled tree).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { layoutDocument, layoutHtml, parseDocument } from "@docsvc/layout";
import { loadDesignerFonts } from "@docsvc/pdf";
import { CLI_ARGS, runCli } from "./helpers/cli.js";
import { REPO_ROOT } from "./helpers/fixtures.js";

const FIXTURES = join(REPO_ROOT, "fixtures");

describe("docsvc validate", () => {
  test("prints 'valid' and exits 0 for a valid document", async () => {
    const r = await runCli(["validate", join(FIXTURES, "invoice.template.json")]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "valid\n");
  });

  test("prints one 'path: message' line per problem and exits 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-cli-"));
    const doc = JSON.parse(await readFile(join(FIXTURES, "invoice.template.json"), "utf8")) as { bands: { elements: { width: unknown }[] }[]; pageSize: unknown };
    doc.bands[2]!.elements[0]!.width = "wide";
    doc.pageSize = 12;
    const file = join(dir, "broken.json");
    await writeFile(file, JSON.stringify(doc));
    const r = await runCli(["validate", file]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split("\n");
    assert.ok(lines.some((l) => /^bands\[2\]\.elements\[0\]\.width: /.test(l)), r.stdout);
    assert.ok(lines.some((l) => /^pageSize: /.test(l)), r.stdout);
    assert.ok(lines.every((l) => /^[^:]+: .+/.test(l)));
    await rm(dir, { recursive: true, force: true });
  });

  test("usage errors exit 2", async () => {
    assert.equal((await runCli(["validate"])).code, 2);
    assert.equal((await runCli(["frobnicate"])).code, 2);
    assert.equal((await runCli(["--help"])).code, 0);
  });
});

describe("docsvc render", () => {
  test("rejects a bad theme with the contract message", async () => {
    const r = await runCli(["render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"), "--theme", '{"primary":"red"}']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /theme\.primary must be a hex colour like #rrggbb\./);
  });

  test("writes a PDF to -o", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-cli-"));
    const out = join(dir, "out.pdf");
    const r = await runCli([
      "render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"),
      "-o", out, "--theme", '{"primary":"#0f766e"}', "--now", "2024-05-02T10:00:00Z",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await readFile(out)).subarray(0, 5).toString("latin1"), "%PDF-");
    await rm(dir, { recursive: true, force: true });
  });

  test("--protect @file encrypts the PDF (AES-256), --stamps draws stamps; bad options are refused", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-cli-"));
    const out = join(dir, "out.pdf");
    await writeFile(join(dir, "protect.json"), JSON.stringify({ userPassword: "u", ownerPassword: "o", permissions: ["print"] }));
    const r = await runCli(["render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"), "-o", out, "--protect", `@${join(dir, "protect.json")}`]);
    assert.equal(r.code, 0, r.stderr);
    const pdf = (await readFile(out)).toString("latin1");
    assert.match(pdf, /\/Encrypt \d+ 0 R/);
    assert.match(pdf, /\/CFM \/AESV3/);
    assert.doesNotMatch(pdf, /Northwind/);
    const bad = await runCli(["render", join(FIXTURES, "invoice.template.json"), join(FIXTURES, "invoice-20.data.json"), "-o", out, "--protect", '{"ownerPassword":"o","permissions":["fly"]}']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /"fly" is not a permission/);
    const html = join(dir, "page.html");
    await writeFile(html, "<p>Hello {{name}}</p>");
    await writeFile(join(dir, "data.json"), JSON.stringify({ name: "Ada", paid: true }));
    const stamped = await runCli(["render", html, join(dir, "data.json"), "-o", out, "--stamps", '[{"type":"text","text":"PAID","visibleIf":"paid"}]']);
    assert.equal(stamped.code, 0, stamped.stderr);
    const badStamp = await runCli(["render", html, join(dir, "data.json"), "-o", out, "--stamps", '[{"type":"text","text":"PAID","layer":"middle"}]']);
    assert.equal(badStamp.code, 1);
    assert.match(badStamp.stderr, /stamps\[0\]\.layer: expected one of: over, under; got 'middle'/);
    await rm(dir, { recursive: true, force: true });
  });
});

describe("docsvc import-html", () => {
  test("--data sizes the table columns: the template prints as many pages as the HTML with that data", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsvc-cli-"));
    const dataFile = join(FIXTURES, "invoice-500.data.json");
    const r = await runCli(["import-html", join(FIXTURES, "invoice.html"), "--data", dataFile, "-o", join(dir, "invoice.template.json")]);
    assert.equal(r.code, 0, r.stderr);
    const fonts = await loadDesignerFonts();
    const data = JSON.parse(await readFile(dataFile, "utf8")) as unknown;
    const parsed = parseDocument(await readFile(join(dir, "invoice.template.json"), "utf8"));
    assert.ok(parsed.ok);
    const html = await readFile(join(FIXTURES, "invoice.html"), "utf8");
    assert.equal(layoutDocument(parsed.document, data, { fonts }).pages.length, layoutHtml(html, data, { fonts }).pages.length);
    const array = join(dir, "rows.json");
    await writeFile(array, "[1, 2]");
    const bad = await runCli(["import-html", join(FIXTURES, "invoice.html"), "--data", array, "-o", "-"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--data must name a file holding a JSON object/);
    await rm(dir, { recursive: true, force: true });
  });
});

describe("docsvc serve", () => {
  test("starts, answers /health and a render, and exits 0 promptly on SIGTERM", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "docsvc-serve-"));
    const child = spawn(process.execPath, [...CLI_ARGS, "serve"], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", SMTP_URL: "" },
    });
    let out = "";
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no 'listening' line: ${out}`)), 20_000);
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const match = out.match(/"msg":"listening","url":"([^"]+)"/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    // A failed assertion here must not leave the server running (the test would wait for it until its timeout).
    try {
      const health = await fetch(`${url}/health`);
      assert.equal(health.status, 200);
      // A render goes through the password thread (sign-up) and the render pool's worker thread: in the compiled
      // run both are entries of the bundle, found from the bundled code's import.meta.url.
      const post = (path: string, body: unknown, token?: string): Promise<Response> =>
        fetch(`${url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const account = { email: "cli-serve@example.test", password: "correct horse battery" };
      assert.equal((await post("/api/auth/signup", account)).status, 200);
      const login = (await (await post("/api/auth/login", account)).json()) as { accessToken: string };
      const content = await readFile(join(FIXTURES, "invoice.template.json"), "utf8");
      const data = JSON.parse(await readFile(join(FIXTURES, "invoice-20.data.json"), "utf8")) as unknown;
      const rendered = await post("/api/render", { content, data }, login.accessToken);
      assert.equal(rendered.status, 200, await rendered.clone().text());
      const pdf = Buffer.from(await rendered.arrayBuffer());
      assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
      assert.ok(pdf.length > 10_000, `a PDF with its fonts embedded (${pdf.length} bytes)`);
    } catch (err) {
      child.kill("SIGKILL");
      throw err;
    }
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    assert.ok(Date.now() - started < 10_000);
    assert.match(out, /"msg":"stopped"/);
    await rm(dataDir, { recursive: true, force: true });
  });
});
