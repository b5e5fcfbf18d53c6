// Hub access follows the live membership and session: a removal or a logout closes the member's open connections
// at once (so they neither write nor keep receiving); every write re-checks too, as the backstop; a demotion to
// Viewer applies to an open connection.
import { HubConnectionState } from "@microsoft/signalr";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as Y from "yjs";
import { addMember, call, createTemplate, Editor, eventually, hubClient, signup, startHubTestServer, type HubTestServer, type HubUser } from "../collab/helpers.js";

let s: HubTestServer;
let owner: HubUser;
before(async () => {
  s = await startHubTestServer();
  owner = await signup(s.url);
});
after(() => s.close());

const ENDED = "Unauthorized: the session has ended or you are no longer a member of this workspace.";
const REVOKED = `An unexpected error occurred invoking 'SendUpdate' on the server. HubException: ${ENDED}`;

async function joined(user: HubUser, docId: string): Promise<Editor> {
  const connection = hubClient(s.url, user.token);
  await connection.start();
  const editor = new Editor(connection, docId);
  await editor.join();
  return editor;
}

function anUpdate(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText("t").insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

/** Resolves with the error the client's onclose reports. */
function closedWith(e: Editor): Promise<string> {
  return new Promise((resolve) => e.connection.onclose((err) => resolve(err?.message ?? "")));
}

describe("hub access follows the live membership and session", () => {
  test("a removed member's connection is closed at once and its SendUpdate refused", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    assert.equal(typeof (await e.connection.invoke("SendUpdate", docId, anUpdate("before"))), "number");
    const closed = closedWith(e);
    const start = performance.now();
    assert.equal((await call(s.url, "DELETE", `/api/workspaces/current/members/${member.userId}`, owner.token))["status"], 200);
    assert.equal(await closed, `Server returned an error on close: ${ENDED}`);
    assert.ok(performance.now() - start < 2000);
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("after removal")), /not in the 'Connected' State/);
  });

  test("a logged-out session's connection is closed at once and its SendUpdate refused", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    const closed = closedWith(e);
    assert.equal((await call(s.url, "POST", "/api/auth/logout", member.token))["status"], 200);
    assert.equal(await closed, `Server returned an error on close: ${ENDED}`);
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("after logout")), /not in the 'Connected' State/);
  });

  test("a session ended behind the hub's back is caught by the check on the next write", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    const payload = JSON.parse(Buffer.from(member.token.split(".")[1] ?? "", "base64url").toString("utf8")) as { sid: string };
    await s.t.deps.db.updateTable("sessions").set({ revoked_at: new Date().toISOString() }).where("id", "=", payload.sid).execute();
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("after revocation")), { message: REVOKED });
    await eventually(() => e.connection.state === HubConnectionState.Disconnected, 5000, "the connection to close");
  });

  test("an Editor demoted to Viewer while connected is refused as a Viewer and stays connected", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    assert.equal((await call(s.url, "PATCH", `/api/workspaces/current/members/${member.userId}`, owner.token, { role: "Viewer" }))["status"], 200);
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("as a viewer")), {
      message: "An unexpected error occurred invoking 'SendUpdate' on the server. HubException: Forbidden: Viewers cannot edit this document.",
    });
    assert.equal(e.connection.state, HubConnectionState.Connected);
    await e.connection.stop();
  });
});
