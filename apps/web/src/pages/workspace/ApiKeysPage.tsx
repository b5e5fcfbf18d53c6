// API keys: create (the secret shown once, with a copy button), list with last use, revoke with confirmation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { keys } from "../../api/endpoints";
import type { ApiKey, CreatedApiKey } from "../../api/types";
import { Modal } from "../../ui/Modal";
import { CopyButton } from "../../ui/CopyButton";
import { Field } from "../../ui/Field";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty, Loading } from "../../ui/states";
import { checkName } from "../../ui/validation";

/** The API keys page. */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ["api-keys"], queryFn: keys.list });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["api-keys"] });
  const create = useMutation({ mutationFn: () => keys.create(name.trim()), onSuccess: (k) => { setCreated(k); setName(""); }, onSettled: refresh });
  const revoke = useMutation({ mutationFn: (id: string) => keys.revoke(id), onSuccess: () => setRevoking(null), onSettled: refresh });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkName(name, 100, "a name for the key");
    setError(found);
    if (!found) create.mutate();
  };
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <p className="lead">Keys let programs render with this workspace's templates (<code>X-Api-Key</code> header). They work only on the render and batch endpoints.</p>
      <div className="panel">
        <form className="inline-form" onSubmit={submit} noValidate aria-label="Create an API key">
          <Field label="Key name" value={name} onChange={(e) => setName(e.target.value)} error={error} placeholder="e.g. billing service" />
          <button type="submit" className="primary" disabled={create.isPending}>Create key</button>
        </form>
        <Problem error={create.error} />
        {created && (
          <div className="secret" role="status">
            <p><strong>Copy this key now.</strong> It is shown only once; afterwards only its prefix is kept.</p>
            <div className="row">
              <code className="selectable" data-testid="new-api-key">{created.key}</code>
              <CopyButton text={created.key} label="Copy key" />
            </div>
            <button className="link" onClick={() => setCreated(null)}>I have stored it</button>
          </div>
        )}
      </div>
      <Problem error={revoke.error} />
      {list.isPending ? <Loading what="Loading keys" /> : <Problem error={list.error} />}
      {list.data?.length === 0 && <Empty>No keys yet. Create one to render from your own code.</Empty>}
      {list.data && list.data.length > 0 && (
        <table>
          <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {list.data.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td><code>{k.prefix}…</code></td>
                <td>{formatTime(k.createdAt)}</td>
                <td>{formatTime(k.lastUsedAt)}</td>
                <td><button className="danger small" onClick={() => setRevoking(k)}>Revoke</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke key?"
        actions={<>
          <button onClick={() => setRevoking(null)}>Cancel</button>
          <button className="danger" onClick={() => revoking && revoke.mutate(revoking.id)} disabled={revoke.isPending}>Revoke</button>
        </>}
      >
        <p>Programs using “{revoking?.name}” stop working the moment it is revoked.</p>
      </Modal>
    </section>
  );
}
