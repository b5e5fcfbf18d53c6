// The account's linked sign-in identities (OAuth, Beta): listed, each unlinked after confirming. The server
// refuses (400) to unlink the last way to sign in; its message is shown in the dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCapabilities } from "../../api/capabilities";
import { oauth } from "../../api/endpoints";
import type { LinkedIdentity } from "../../api/types";
import { formatTime } from "../../ui/format";
import { Modal } from "../../ui/Modal";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";

/** The "Sign-in providers" panel; absent when the server has no provider sign-in. */
export function LinkedIdentities() {
  const capabilities = useCapabilities();
  if (!capabilities?.oauth) return null;
  return <IdentityList />;
}

function IdentityList() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["identities"], queryFn: oauth.identities });
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const unlink = useMutation({
    mutationFn: (id: string) => oauth.unlink(id),
    onSuccess: () => setUnlinking(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["identities"] }),
  });
  const ask = (identity: LinkedIdentity | null) => {
    unlink.reset();
    setUnlinking(identity);
  };
  return (
    <div className="panel">
      <h2>Sign-in providers</h2>
      {list.isPending ? <Loading what="Loading linked providers" /> : <Problem error={list.error} />}
      {list.data?.length === 0 && <Empty>No provider is linked. Signing in with a provider that reports this account’s verified email links it.</Empty>}
      {list.data && list.data.length > 0 && (
        <table>
          <thead><tr><th scope="col">Provider</th><th scope="col">Email</th><th scope="col">Linked</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {list.data.map((identity) => (
              <tr key={identity.id}>
                <td>{identity.label}</td>
                <td>{identity.email ?? "—"}</td>
                <td>{formatTime(identity.createdAt)}</td>
                <td><button className="danger small" onClick={() => ask(identity)}>Unlink {identity.label}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        open={unlinking !== null}
        onOpenChange={(open) => !open && ask(null)}
        title="Unlink provider?"
        actions={<>
          <button onClick={() => ask(null)}>Cancel</button>
          <button className="danger" onClick={() => unlinking && unlink.mutate(unlinking.id)} disabled={unlink.isPending}>Unlink</button>
        </>}
      >
        <p>You will no longer be able to sign in with {unlinking?.label}{unlinking?.email ? ` (${unlinking.email})` : ""}.</p>
        <Problem error={unlink.error} />
      </Modal>
    </div>
  );
}
