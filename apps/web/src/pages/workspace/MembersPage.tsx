// Members and invites. Owners invite by email with a role (the link is shown too, for setups without mail),
// change roles and remove members; everyone else sees the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { workspaces } from "../../api/endpoints";
import type { Invite, Member, Role } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { Modal } from "../../ui/Modal";
import { Field } from "../../ui/Field";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import { checkEmail } from "../../ui/validation";

const ROLES: readonly Role[] = ["Owner", "Editor", "Viewer"];

function InviteForm({ onInvited }: { readonly onInvited: (invite: Invite) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("Editor");
  const [error, setError] = useState<string | undefined>();
  const invite = useMutation({ mutationFn: () => workspaces.invite(email.trim(), role), onSuccess: (i) => { setEmail(""); onInvited(i); } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkEmail(email);
    setError(found);
    if (!found) invite.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label="Invite a member">
      <Field label="Email to invite" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <div className="field">
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => <option key={r}>{r}</option>)}
        </select>
      </div>
      <button type="submit" className="primary" disabled={invite.isPending}>Send invite</button>
      <Problem error={invite.error} />
    </form>
  );
}

/** The members page. */
export function MembersPage() {
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ["members"], queryFn: workspaces.members });
  const [invited, setInvited] = useState<Invite | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["members"] });
  const changeRole = useMutation({ mutationFn: ({ userId, role }: { userId: string; role: Role }) => workspaces.changeRole(userId, role), onSettled: refresh });
  const remove = useMutation({ mutationFn: (userId: string) => workspaces.removeMember(userId), onSuccess: () => setRemoving(null), onSettled: refresh });
  const isOwner = session.role === "Owner";
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members of {session.workspace.name}</h1>
      {isOwner && (
        <div className="panel">
          <h2>Invite someone</h2>
          <InviteForm onInvited={setInvited} />
          {invited && (
            <div className="notice" role="status">
              Invitation emailed to {invited.email} ({invited.role}). Without mail set up, pass this link on: <code className="selectable">{invited.url}</code>
            </div>
          )}
        </div>
      )}
      <Problem error={changeRole.error} />
      {members.isPending ? <Loading what="Loading members" /> : <Problem error={members.error} />}
      {members.data?.length === 0 && <Empty>No members.</Empty>}
      {members.data && members.data.length > 0 && (
        <table>
          <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Joined</th>{isOwner && <th scope="col"><span className="sr-only">Actions</span></th>}</tr></thead>
          <tbody>
            {members.data.map((m) => (
              <tr key={m.userId}>
                <td>{m.email}{m.userId === session.user.id && " (you)"}</td>
                <td>
                  {isOwner ? (
                    <select aria-label={`Role of ${m.email}`} value={m.role} onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Role })}>
                      {ROLES.map((r) => <option key={r}>{r}</option>)}
                    </select>
                  ) : m.role}
                </td>
                <td>{formatTime(m.joinedAt)}</td>
                {isOwner && <td><button className="danger small" onClick={() => setRemoving(m)}>Remove</button></td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        open={removing !== null}
        onOpenChange={(open) => { if (!open) { setRemoving(null); remove.reset(); } }}
        title="Remove member?"
        actions={<>
          <button onClick={() => { setRemoving(null); remove.reset(); }}>Cancel</button>
          <button className="danger" onClick={() => removing && remove.mutate(removing.userId)} disabled={remove.isPending}>Remove</button>
        </>}
      >
        <p>{removing?.email} loses access to this workspace at once.</p>
        {/* Shown here, in the open dialog, not behind it on the page. */}
        <Problem error={remove.error} />
      </Modal>
    </section>
  );
}
