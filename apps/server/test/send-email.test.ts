import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertProblem } from "./helpers/assert.js";
import { SMALL_TEMPLATE } from "./helpers/fixtures.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/harness.js";

let t: TestApp;
let owner: TestUser;
let templateId: string;
before(async () => {
  t = await startTestApp();
  owner = await t.signup();
  templateId = (await t.call("POST", "/api/templates", { token: owner.token, body: { name: "Quote", content: SMALL_TEMPLATE } })).body.id as string;
});
after(() => t.close());

const send = (body: unknown, token = owner.token, id = templateId) => t.call("POST", `/api/templates/${id}/send-email`, { token, body });

describe("send-email", () => {
  test("renders the template and emails the PDF as an attachment with the subject and message; metered", async () => {
    const res = await send({ to: "Client@Example.test", data: { name: "Ada" }, subject: "Your quote", message: "Hello Ada,\n\nhere it is.", fileName: "quote 42" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { ok: true, to: "client@example.test", fileName: "quote 42.pdf", pages: 1 });
    const mail = await t.smtp.waitFor((m) => m.to.includes("client@example.test"));
    assert.match(mail.raw, /Subject: Your quote/);
    assert.match(mail.text, /here it is\./);
    assert.match(mail.raw, /Content-Type: application\/pdf; name="quote 42\.pdf"/);
    const attachment = mail.raw.split(/Content-Disposition: attachment[^\n]*\n(?:[^\n]*\n)*?\r?\n/)[1] ?? "";
    assert.match(Buffer.from(attachment.split(/\r?\n--/)[0]!.replace(/\s+/g, ""), "base64").subarray(0, 5).toString(), /%PDF-/);
    const usage = await t.call("GET", "/api/usage", { token: owner.token });
    assert.equal(usage.body.renders.total, 1);
  });

  test("defaults: the template name as subject and file name", async () => {
    await send({ to: "default@example.test", data: { name: "B" } });
    const mail = await t.smtp.waitFor((m) => m.to.includes("default@example.test"));
    assert.match(mail.raw, /Subject: Quote/);
    assert.match(mail.raw, /name=Quote\.pdf/);
  });

  test("validation: the address, data and theme (exact message); nothing is sent or metered", async () => {
    const user = await t.signup();
    const id = (await t.call("POST", "/api/templates", { token: user.token, body: { name: "Q", content: SMALL_TEMPLATE } })).body.id as string;
    assertProblem(await send({ to: "nope", data: {} }, user.token, id), 400);
    assertProblem(await send({ to: "a@example.test", data: [] }, user.token, id), 400);
    const theme = await send({ to: "a@example.test", data: {}, theme: { primary: "blue" } }, user.token, id);
    assert.equal(theme.body.detail, "theme.primary must be a hex colour like #rrggbb.");
    assert.equal((await t.call("GET", "/api/usage", { token: user.token })).body.renders.total, 0);
  });

  test("Owner or Editor only; other workspaces 404; API keys 401", async () => {
    const viewer = await t.signup();
    const invite = await t.call("POST", "/api/workspaces/current/invites", { token: owner.token, body: { email: viewer.email, role: "Viewer" } });
    const accepted = await t.call("POST", `/api/invites/${invite.body.token}/accept`, { token: viewer.token });
    assertProblem(await send({ to: "x@example.test", data: {} }, accepted.body.accessToken as string), 403);
    const other = await t.signup();
    assertProblem(await send({ to: "x@example.test", data: {} }, other.token), 404);
    const key = (await t.call("POST", "/api/api-keys", { token: owner.token, body: { name: "k" } })).body.key as string;
    assertProblem(await t.call("POST", `/api/templates/${templateId}/send-email`, { apiKey: key, body: { to: "x@example.test", data: {} } }), 401);
  });
});
