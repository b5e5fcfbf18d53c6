// `protect` on the render endpoints: the PDF answered is AES-256 encrypted (qpdf reads it back), bad options are 400s.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { skipUnlessCi } from "./helpers/ci.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

const qpdfMissing = new Promise<string | undefined>((resolve) => execFile("qpdf", ["--version"], (error) => resolve(error ? "qpdf is not installed (apt-get install qpdf)" : undefined)));

/** qpdf's exit code and output with the PDF as its input file. */
async function qpdf(pdf: Uint8Array, args: readonly string[]): Promise<{ code: number; stdout: string }> {
  const dir = await mkdtemp(join(tmpdir(), "docsvc-protect-"));
  try {
    await writeFile(join(dir, "in.pdf"), pdf);
    return await new Promise((resolve) => execFile("qpdf", [...args, join(dir, "in.pdf")], (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let owner: TestUser;
let templateId: string;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Quote", content: SMALL_TEMPLATE } })).body.id as string;
});
after(() => t.close());

const PROTECT = { userPassword: "reader", ownerPassword: "issuer", permissions: ["print"] };

describe("render with protect", async () => {
  const skip = skipUnlessCi(await qpdfMissing);

  test("stored and inline renders answer an encrypted PDF that needs the user password", { skip }, async () => {
    const stored = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data: { name: "Ada" }, protect: PROTECT } });
    const inline = await t.call("POST", "/api/render", { token: owner.token, body: { content: "<p>Hello {{name}}</p>", data: { name: "Ada" }, protect: PROTECT } });
    const plain = await t.call("POST", `/api/templates/${templateId}/render`, { token: owner.token, body: { data: { name: "Ada" } } });
    for (const res of [stored, inline]) {
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await qpdf(res.bytes, ["--requires-password"])).code, 0);
      const shown = await qpdf(res.bytes, ["--password=issuer", "--show-encryption"]);
      assert.match(shown.stdout, /^R = 6$/m);
      assert.match(shown.stdout, /^stream encryption method: AESv3$/m);
      assert.match(shown.stdout, /^print high resolution: allowed$/m);
      assert.match(shown.stdout, /^extract for any purpose: not allowed$/m);
    }
    assert.equal((await qpdf(plain.bytes, ["--requires-password"])).code, 2);
  });

  test("the emailed attachment is encrypted", { skip }, async () => {
    const res = await t.call("POST", `/api/templates/${templateId}/send-email`, { token: owner.token, body: { to: "locked@example.test", data: { name: "Ada" }, protect: PROTECT } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mail = await t.smtp.waitFor((m) => m.to.includes("locked@example.test"));
    const attachment = mail.raw.split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]*\n)*?\r?\n/)[1] ?? "";
    const pdf = Buffer.from(attachment.split(/\r?\n--/)[0]!.replace(/\s+/g, ""), "base64");
    assert.match(pdf.subarray(0, 5).toString(), /%PDF-/);
    assert.equal((await qpdf(pdf, ["--requires-password"])).code, 0);
  });

  test("bad options are 400s that name the problem; nothing is metered", async () => {
    const user = await t.signup();
    const id = (await t.call("POST", "/api/templates", { token: user.token, body: { name: "Q", content: SMALL_TEMPLATE } })).body.id as string;
    const render = (protect: unknown) => t.call("POST", `/api/templates/${id}/render`, { token: user.token, body: { data: {}, protect } });
    const cases: [unknown, RegExp][] = [
      [{ ownerPassword: "" }, /protect\.ownerPassword must be a non-empty string/],
      [{ userPassword: "u" }, /protect\.ownerPassword is required/],
      [{ ownerPassword: "o", permissions: ["print", "teleport"] }, /protect\.permissions may hold only print, copy, modify, annotate, fillForms/],
      [{ ownerPassword: "same", userPassword: "same" }, /must differ from ownerPassword/],
      [{ ownerPassword: "o".repeat(200) }, /at most 127 bytes/],
      ["secret", /protect must be an object/],
      [{ ownerPassword: "o", userPasword: "typo" }, /userPasword/],
    ];
    for (const [protect, message] of cases) {
      const res = await render(protect);
      assertProblem(res, 400);
      assert.match(JSON.stringify(res.body), message, JSON.stringify(res.body));
    }
    assertProblem(await t.call("POST", "/api/render", { token: user.token, body: { content: SMALL_TEMPLATE, data: {}, protect: { ownerPassword: "" } } }), 400);
    assert.equal((await t.call("GET", "/api/usage", { token: user.token })).body.renders.total, 0);
  });

  test("OpenAPI lists protect on every render body", async () => {
    const doc = (await t.call("GET", "/openapi/v1.json")).body as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const protect = doc.components.schemas["Protect"] as { properties: Record<string, { items?: { enum?: string[] } }> };
    assert.deepEqual(protect.properties["permissions"]?.items?.enum, ["print", "copy", "modify", "annotate", "fillForms"]);
    for (const body of ["RenderTemplateBody", "RenderInlineBody", "SendTemplateEmailBody", "CreateBatchJsonBody"]) {
      assert.deepEqual(doc.components.schemas[body]?.properties?.["protect"], { $ref: "#/components/schemas/Protect" }, body);
    }
  });
});
