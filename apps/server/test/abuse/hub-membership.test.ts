// Membership and session are re-checked on every hub write: a removed member's and a logged-out session's
// SendUpdate is refused and their connection closed; a demotion to Viewer applies to an open connection.
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

const REVOKED = "An unexpected error occurred invoking 'SendUpdate' on the server. HubException: Unauthorized: the session has ended or you are no longer a member of this workspace.";

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

describe("hub writes follow the live membership and session", () => {
  test("a removed member's SendUpdate is refused and the connection closed", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    assert.equal(typeof (await e.connection.invoke("SendUpdate", docId, anUpdate("before"))), "number");
    assert.equal((await call(s.url, "DELETE", `/api/workspaces/current/members/${member.userId}`, owner.token))["status"], 200);
    const start = performance.now();
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("after removal")), { message: REVOKED });
    await eventually(() => e.connection.state === HubConnectionState.Disconnected, 5000, "the connection to close");
    assert.ok(performance.now() - start < 5000);
    const seqs = await e.connection.invoke("SendUpdate", docId, anUpdate("x")).catch((err: Error) => err.message);
    assert.match(String(seqs), /not in the 'Connected' State/);
  });

  test("a logged-out session's SendUpdate is refused and the connection closed", async () => {
    const docId = await createTemplate(s.url, owner);
    const member = await addMember(s.url, owner, "Editor");
    const e = await joined(member, docId);
    assert.equal((await call(s.url, "POST", "/api/auth/logout", member.token))["status"], 200);
    await assert.rejects(e.connection.invoke("SendUpdate", docId, anUpdate("after logout")), { message: REVOKED });
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
