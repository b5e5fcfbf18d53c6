// The public invite page (/invites/:token): a preview for anyone, then accept once signed in as the invitee.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { workspaces } from "../../api/endpoints";
import { useSession } from "../../auth/session";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Loading } from "../../ui/states";
import { AuthCard } from "./AuthLayout";

/** Preview and accept an invitation. */
export function InvitePage() {
  const { token = "" } = useParams();
  const { session, adopt } = useSession();
  const navigate = useNavigate();
  const preview = useQuery({ queryKey: ["invite", token], queryFn: () => workspaces.previewInvite(token), retry: false });
  const accept = useMutation({
    mutationFn: () => workspaces.acceptInvite(token),
    onSuccess: (joined) => {
      adopt(joined);
      void navigate("/templates", { replace: true });
    },
  });
  const next = `?next=${encodeURIComponent(`/invites/${token}`)}`;
  return (
    <AuthCard title="Join a workspace">
      {preview.isPending && <Loading what="Loading the invitation" />}
      <Problem error={preview.error} />
      {preview.data && (
        <>
          <p>
            {preview.data.inviterEmail ?? "Someone"} invited you to <strong>{preview.data.workspaceName}</strong> as{" "}
            <strong>{preview.data.role}</strong>.
          </p>
          {!preview.data.redeemable ? (
            <p role="alert">This invitation has expired or was already used. Ask for a new one.</p>
          ) : session ? (
            <>
              <p className="hint">Signed in as {session.user.email}. The invitation expires {formatTime(preview.data.expiresAt)}.</p>
              <Problem error={accept.error} />
              <button className="primary" onClick={() => accept.mutate()} disabled={accept.isPending}>
                Accept and join {preview.data.workspaceName}
              </button>
            </>
          ) : (
            <p className="links">
              <Link className="button primary" to={`/login${next}`}>Log in to accept</Link> or <Link to={`/signup${next}`}>create an account</Link>
            </p>
          )}
        </>
      )}
    </AuthCard>
  );
}
